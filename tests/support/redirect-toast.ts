import { expect } from "vitest";
import { takeToast } from "../../app/lib/toast.server.ts";
import { appUrl, type Visitor } from "./http.ts";

/**
 * The toast a redirect carries to the next page (a signed cookie the browser shows on arrival), read the way
 * the app's root loader reads it; and the page the redirect leads to still renders. That a page shows the toast
 * it arrives with is a browser test of its own (tests/e2e/toasts.test.ts).
 */
export async function redirectToast(visitor: Visitor, response: Response) {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((pair) => pair.startsWith("boostly_toast="));
  expect(cookie, "a toast cookie").toBeTruthy();
  const { toast } = await takeToast(new Request(new URL(location, appUrl), { headers: { Cookie: cookie! } }));
  expect((await visitor.request(location)).status).toBe(200);
  return { location, toast };
}
