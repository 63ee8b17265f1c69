import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import {
  redirectWithToast,
  signedToastValue,
  takeToast,
  verifiedToastValue,
} from "../../app/lib/toast.server.ts";

// The toast cookie is signed with node:crypto (docs/decisions/029-lean-request-path.md) in the format React Router's
// createCookie writes, so a toast set before a deploy is still shown after it, and the other way round.
const secret = "unit-test-secret-0123456789abcdefghijklmnop";
const routerCookie = createCookie("boostly_toast", { secrets: [secret] });
const toast = {
  title: "Order Placed Successfully",
  description: "ORD-1: Likes, $1.50 — ✓",
  variant: "default",
  path: "/dashboard",
};

describe("the toast cookie's signature (app/lib/toast.server.ts)", () => {
  it("is React Router's own: each reads what the other signed", async () => {
    const ours = signedToastValue(toast, secret);
    expect(await routerCookie.parse(`boostly_toast=${encodeURIComponent(ours)}`)).toEqual(toast);
    const theirs = decodeURIComponent((await routerCookie.serialize(toast)).split(";")[0]!.split("=")[1]!);
    expect(theirs).toBe(ours);
    expect(verifiedToastValue(theirs, secret)).toEqual(toast);
  });

  it("refuses a value signed with another secret or altered", () => {
    const ours = signedToastValue(toast, secret);
    expect(verifiedToastValue(ours, "another-secret-0123456789abcdefghijklmnop")).toBeNull();
    expect(verifiedToastValue(`x${ours}`, secret)).toBeNull();
    expect(verifiedToastValue("no-signature", secret)).toBeNull();
  });

  it("shows a redirect's toast on the page it goes to, once", async () => {
    const redirect = await redirectWithToast("/dashboard", { title: "Saved" });
    const setCookie = redirect.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(
      /^boostly_toast=[^;]+; Max-Age=60; Path=\/; HttpOnly(; Secure)?; SameSite=Lax$/,
    );
    const cookie = setCookie.split(";")[0]!;
    const arrival = await takeToast(
      new Request("http://boostly.local/dashboard", { headers: { Cookie: cookie } }),
    );
    expect(arrival.toast).toEqual({ title: "Saved", variant: "default" });
    expect(arrival.headers.get("Set-Cookie")).toMatch(/^boostly_toast=; Max-Age=0; Path=\/; HttpOnly/);
    const elsewhere = await takeToast(
      new Request("http://boostly.local/orders", { headers: { Cookie: cookie } }),
    );
    expect(elsewhere.toast).toBeNull();
    expect(elsewhere.headers.get("Set-Cookie")).toBeNull();
  });
});
