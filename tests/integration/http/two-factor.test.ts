import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { sessions, users } from "../../../app/db/schema.ts";
import { TWO_FACTOR_TEXT } from "../../../app/domain/accounts/two-factor-text.ts";
import { createAccount, createAdminAccount, Visitor, visibleText } from "../../support/http.ts";
import { adminPagePaths } from "../../support/route-table.ts";
import { enableTwoFactor, secretOfTotpUri, totpCode } from "../../support/two-factor.ts";

const adminPaths = adminPagePaths();

/** Signs in through /login's form up to the code step: the password is right, the page asks for a code. */
async function passwordStep(visitor: Visitor, account: { email: string; password: string }, page = "/login") {
  const answer = await visitor.request(page, {
    form: { intent: "sign-in", email: account.email, password: account.password },
  });
  expect(answer.status).toBe(200);
  expect(await visibleText(await answer.text())).toContain("Authentication code");
}

async function isSignedIn(visitor: Visitor): Promise<boolean> {
  const dashboard = await visitor.request("/dashboard");
  return dashboard.status === 200;
}

describe("two-factor sign-in (product rules 15.10-15.17)", () => {
  it("asks an account with two-factor for a code after its password, refuses a wrong one and signs in with a right one", async () => {
    const account = await createAccount();
    const { secret } = await enableTwoFactor(account);
    const visitor = new Visitor();
    await passwordStep(visitor, account);
    expect(await isSignedIn(visitor)).toBe(false);

    const wrong = await visitor.request("/login", {
      form: { intent: "sign-in-code", email: account.email, code: "000000" },
    });
    expect(wrong.status).toBe(200);
    const wrongText = await visibleText(await wrong.text());
    expect(wrongText).toContain(TWO_FACTOR_TEXT.invalidCode);
    expect(await isSignedIn(visitor)).toBe(false);

    const right = await visitor.request("/login", {
      form: { intent: "sign-in-code", email: account.email, code: await totpCode(secret) },
    });
    expect(right.status).toBe(302);
    expect(await isSignedIn(visitor)).toBe(true);
  });

  it("takes a backup code once, in place of the authenticator's code", async () => {
    const account = await createAccount();
    const { backupCodes } = await enableTwoFactor(account);
    const first = new Visitor();
    await passwordStep(first, account);
    const used = await first.request("/login", {
      form: { intent: "sign-in-code", email: account.email, code: backupCodes[0]! },
    });
    expect(used.status).toBe(302);
    expect(await isSignedIn(first)).toBe(true);

    const second = new Visitor();
    await passwordStep(second, account);
    const again = await second.request("/login", {
      form: { intent: "sign-in-code", email: account.email, code: backupCodes[0]! },
    });
    expect(await visibleText(await again.text())).toContain(TWO_FACTOR_TEXT.invalidCode);
    expect(await isSignedIn(second)).toBe(false);
  });

  it("never signs in with a code alone, without the password step", async () => {
    const account = await createAccount();
    const { secret } = await enableTwoFactor(account);
    const visitor = new Visitor();
    // The action's data (the page says it in a toast).
    const answer = await visitor.request("/login.data", {
      form: { intent: "sign-in-code", email: account.email, code: await totpCode(secret) },
    });
    expect(await answer.text()).toContain(TWO_FACTOR_TEXT.challengeExpired);
    expect(await isSignedIn(visitor)).toBe(false);
  });

  it("is set up on /profile: password, a key, a first code; then every other session ends", async () => {
    const account = await createAccount();
    const visitor = new Visitor();
    await visitor.signIn(account.email, account.password);
    const elsewhere = new Visitor();
    await elsewhere.signIn(account.email, account.password);

    // The Security section's forms post as data requests and show the answer beside the field.
    const wrongPassword = await visitor.request("/profile.data", {
      form: { intent: "two-factor-start", password: "not-the-password" },
    });
    expect(await wrongPassword.text()).toContain(TWO_FACTOR_TEXT.wrongPassword);

    const started = await visitor.request("/profile.data", {
      form: { intent: "two-factor-start", password: account.password },
    });
    const startedText = await started.text();
    const uri = /otpauth:\/\/totp\/[^"\\]+/.exec(startedText)?.[0] ?? "";
    expect(uri).toContain("Boostly");
    const [pending] = await db().select().from(users).where(eq(users.id, account.id));
    expect(pending?.twoFactorEnabled).toBe(false);

    const confirmed = await visitor.request("/profile", {
      form: { intent: "two-factor-confirm", code: await totpCode(secretOfTotpUri(uri)) },
    });
    expect(confirmed.status).toBe(302);
    const [enabled] = await db().select().from(users).where(eq(users.id, account.id));
    expect(enabled?.twoFactorEnabled).toBe(true);
    expect(await isSignedIn(visitor)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);

    const off = await visitor.request("/profile", {
      form: { intent: "two-factor-off", password: account.password },
    });
    expect(off.status).toBe(302);
    const [disabled] = await db().select().from(users).where(eq(users.id, account.id));
    expect(disabled?.twoFactorEnabled).toBe(false);
  });
});

describe("admins need two-factor before any admin page or action opens (product rules 15.14)", () => {
  it.each(adminPaths)(
    "%s sends an owner (every admin page is theirs) without two-factor to set it up and refuses their actions",
    async (path) => {
      const admin = await createAdminAccount({ role: "owner", twoFactor: false });
      const visitor = new Visitor();
      await visitor.signIn(admin.email, admin.password);
      const page = await visitor.request(path);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/profile#two-factor");
      const action = await visitor.request(path, { form: { intent: "anything" } });
      expect(action.status).toBe(403);
    },
  );

  it("sends support without two-factor from its own pages to set it up and refuses its actions", async () => {
    const support = await createAdminAccount({ role: "support", twoFactor: false });
    const visitor = new Visitor();
    await visitor.signIn(support.email, support.password);
    for (const path of ["/admin", "/admin/tickets", "/admin/orders", "/admin/users"]) {
      const page = await visitor.request(path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location"), path).toBe("/profile#two-factor");
    }
    const reply = await visitor.request("/admin/tickets", { form: { intent: "anything" } });
    expect(reply.status).toBe(403);
    expect(await reply.text()).toContain(TWO_FACTOR_TEXT.required);
  });

  it("opens /admin to an admin who signed in with a code at /admin-login", async () => {
    const admin = await createAdminAccount({ twoFactor: false });
    const { secret } = await enableTwoFactor(admin);
    const visitor = new Visitor();
    await passwordStep(visitor, admin, "/admin-login");
    expect((await visitor.request("/admin")).status).toBe(302);
    const signedIn = await visitor.request("/admin-login", {
      form: { intent: "sign-in-code", email: admin.email, code: await totpCode(secret) },
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin");
    expect((await visitor.request("/admin")).status).toBe(200);
  });

  it("ends a staff session's access to /admin after STAFF_SESSION_HOURS (12 by default); a customer's session goes on", async () => {
    const admin = await createAdminAccount();
    const visitor = new Visitor();
    await visitor.signIn(admin.email, admin.password);
    expect((await visitor.request("/admin")).status).toBe(200);
    await db()
      .update(sessions)
      .set({ createdAt: sql`now() - interval '13 hours'` })
      .where(eq(sessions.userId, admin.id));
    const page = await visitor.request("/admin");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin-login");
    expect((await visitor.request("/admin/settings", { form: { intent: "anything" } })).status).toBe(403);
    expect((await visitor.request("/admin-login")).status).toBe(200);
    expect(await isSignedIn(visitor)).toBe(true);
  });
});
