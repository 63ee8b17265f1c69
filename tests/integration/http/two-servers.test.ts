import { describe, expect, it } from "vitest";
import { appUrl, createAccount, secondAppUrl, Visitor } from "../../support/http.ts";

describe("two app servers on one database", () => {
  it("both serve a session that was started on one of them, and sign-out on one ends it on both", async () => {
    expect(secondAppUrl).not.toBe(appUrl);
    const account = await createAccount();
    const onA = new Visitor(appUrl);
    await onA.signIn(account.email, account.password);
    const onB = onA.on(secondAppUrl);

    for (const visitor of [onA, onB]) {
      const response = await visitor.request("/dashboard");
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(account.email);
    }

    const signOut = await onB.request("/logout", { method: "POST" });
    expect([302, 303]).toContain(signOut.status);
    // The old cookie, replayed on the other server, no longer opens the account.
    const replay = await onA.request("/dashboard");
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toMatch(/^\/login\?next=/);
  });
});
