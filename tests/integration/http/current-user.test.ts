import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { sessions } from "../../../app/db/schema.ts";
import { getCurrentUser } from "../../../app/domain/accounts/session.server.ts";
import { appUrl, signedInCustomer } from "../../support/http.ts";

function requestOf(cookie: string, method = "GET") {
  return new Request(`${appUrl}/dashboard`, { method, headers: { Cookie: cookie } });
}

describe("who is signed in, per request", () => {
  it("reads the session once for all the loaders of one page, and afresh for every other request and action", async () => {
    const customer = await signedInCustomer();
    const cookie = customer.visitor.cookieHeader();
    const page = requestOf(cookie);
    expect((await getCurrentUser(page))?.id).toBe(customer.id);

    // Signed out elsewhere while this page is being answered: its loaders keep one consistent answer...
    await db().delete(sessions).where(eq(sessions.userId, customer.id));
    expect((await getCurrentUser(page))?.id).toBe(customer.id);
    // ...and the next page, and any action, see that the session is gone.
    expect(await getCurrentUser(requestOf(cookie))).toBeNull();
    expect(await getCurrentUser(requestOf(cookie, "POST"))).toBeNull();
  });
});
