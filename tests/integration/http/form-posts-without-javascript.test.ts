import { describe, expect, it } from "vitest";
import { ACCOUNT_TEXT } from "../../../app/domain/accounts/messages.ts";
import { createAccount, signedInCustomer, Visitor, visibleText } from "../../support/http.ts";

/**
 * Forms posted as plain HTML documents (no JavaScript): the answer must leave the browser where the customer
 * expects, on a valid session, with a header the browser can read (docs/decisions/015-request-body-policy.md).
 */
describe("document posts without JavaScript", () => {
  it("changing the password keeps the customer signed in on the new session", async () => {
    const customer = await signedInCustomer();
    const before = customer.visitor.cookieHeader();
    const changed = await customer.visitor.request("/profile", {
      form: {
        intent: "change-password",
        currentPassword: customer.password,
        newPassword: "a-brand-new-secret",
        confirmPassword: "a-brand-new-secret",
      },
    });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/profile");
    expect(customer.visitor.cookieHeader()).not.toBe(before);
    // The success toast travels with the redirect, shown by the page it lands on.
    expect(changed.headers.getSetCookie().some((cookie) => cookie.startsWith("boostly_toast="))).toBe(true);

    const profile = await customer.visitor.request("/profile");
    expect(profile.status).toBe(200);
    expect(visibleText(await profile.text())).toContain(customer.email);

    // The old password no longer works; the new one does.
    const stranger = new Visitor();
    await expect(stranger.signIn(customer.email, customer.password)).rejects.toThrow();
    await stranger.signIn(customer.email, "a-brand-new-secret");
  });

  it("signs in and lands on a `next` with non-Latin letters, percent-encoded", async () => {
    const account = await createAccount();
    const visitor = new Visitor();
    const answer = await visitor.request("/login", {
      form: { email: account.email, password: account.password, next: "/\u3000x?q=é ü" },
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/%E3%80%80x?q=%C3%A9%20%C3%BC");
    const dashboard = await visitor.request("/dashboard");
    expect(dashboard.status).toBe(200);
  });

  it("never follows a `next` to another site", async () => {
    const account = await createAccount();
    for (const next of ["//evil.example/x", "/\\evil.example", "/\t/evil.example", "https://evil.example/"]) {
      const visitor = new Visitor();
      const answer = await visitor.request("/login", {
        form: { email: account.email, password: account.password, next },
      });
      expect(answer.status, next).toBe(302);
      expect(answer.headers.get("location"), next).toBe("/dashboard");
    }
  });

  it("keeps a redirect's toast for the page it leads to, even when another tab reloads its own page first", async () => {
    const account = await createAccount();
    const visitor = new Visitor();
    const signedIn = await visitor.request("/login", {
      form: { email: account.email, password: account.password, next: "/dashboard" },
    });
    expect(signedIn.headers.get("location")).toBe("/dashboard");
    // A second tab (same cookies) reloads the wallet's data before the first tab arrives: the toast stays.
    const otherTab = await visitor.request("/wallet.data");
    expect(otherTab.status).toBe(200);
    expect(otherTab.headers.getSetCookie().some((cookie) => cookie.startsWith("boostly_toast="))).toBe(false);
    expect(await otherTab.text()).not.toContain(ACCOUNT_TEXT.loginSuccessTitle);
    // The page it was meant for shows it, once.
    const dashboard = await visitor.request("/dashboard");
    expect(await dashboard.text()).toContain(ACCOUNT_TEXT.loginSuccessTitle);
    expect(await (await visitor.request("/dashboard")).text()).not.toContain(ACCOUNT_TEXT.loginSuccessTitle);
  });
});
