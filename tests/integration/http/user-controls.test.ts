import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { accountLastSignIns, adminAuditLog, sessions } from "../../../app/db/schema.ts";
import {
  NOTES_TEXT,
  RESET_MAIL_TEXT,
  SUSPENSION_TEXT,
} from "../../../app/domain/accounts/user-controls-text.ts";
import { createApiKey } from "../../../app/domain/reseller/api-keys.server.ts";
import { API_KEY_ADMIN_TEXT, API_TEXT } from "../../../app/domain/reseller/api-text.ts";
import {
  appUrl,
  createAccount,
  createAdminAccount,
  latestMailTo,
  signedInAdmin,
  Visitor,
  visibleText,
} from "../../support/http.ts";

async function callApi(fields: Record<string, string>) {
  const response = await fetch(`${appUrl}/api/v2`, { method: "POST", body: new URLSearchParams(fields) });
  return (await response.json()) as Record<string, unknown>;
}

describe("a suspended customer over HTTP (product rules 15.20-15.22)", () => {
  it("is signed out at once, refused at /login, /admin-login and better-auth's endpoint and by the API; unsuspending restores both", async () => {
    const customer = await createAccount();
    const created = await createApiKey(db(), { userId: customer.id, name: "Panel" });
    if (!created.ok) throw new Error(created.message);
    const browser = new Visitor();
    await browser.signIn(customer.email, customer.password);
    expect((await browser.request("/dashboard")).status).toBe(200);
    const { visitor: admin } = await signedInAdmin();
    const post = (form: Record<string, string>) =>
      admin.request(`/admin/users/${customer.id}.data`, { form });

    // A reason is required; nothing happens without one.
    const noReason = await post({ intent: "suspend", reason: " " });
    expect(await noReason.text()).toContain(SUSPENSION_TEXT.reason);
    expect((await browser.request("/dashboard")).status).toBe(200);

    const suspended = await post({ intent: "suspend", reason: "Chargeback fraud" });
    expect(suspended.status).toBe(200);
    expect(await suspended.text()).toContain(SUSPENSION_TEXT.suspendedTitle);
    const page = visibleText(await (await admin.request(`/admin/users/${customer.id}`)).text());
    expect(page).toContain("Reason: Chargeback fraud");
    expect(page).toContain("Unsuspend");

    // The open session ended with the suspension.
    expect((await browser.request("/dashboard")).headers.get("location")).toMatch(/^\/login/);
    expect(await db().$count(sessions, eq(sessions.userId, customer.id))).toBe(0);

    // Every way in refuses, with the clear text after the right password, and leaves no session.
    const login = await new Visitor().request("/login.data", {
      form: { email: customer.email, password: customer.password },
    });
    expect(await login.text()).toContain(SUSPENSION_TEXT.signInRefused);
    const wrongPassword = await new Visitor().request("/login.data", {
      form: { email: customer.email, password: "not-the-password" },
    });
    expect(await wrongPassword.text()).not.toContain(SUSPENSION_TEXT.signInRefused);
    const adminLogin = await new Visitor().request("/admin-login.data", {
      form: { intent: "sign-in", email: customer.email, password: customer.password },
    });
    expect(await adminLogin.text()).toContain(SUSPENSION_TEXT.signInRefused);
    const raw = new Visitor();
    await expect(raw.signIn(customer.email, customer.password)).rejects.toThrow(/403/);
    expect(await db().$count(sessions, eq(sessions.userId, customer.id))).toBe(0);
    expect(await callApi({ key: created.key, action: "balance" })).toEqual({ error: API_TEXT.invalidKey });

    const unsuspended = await post({ intent: "unsuspend" });
    expect(await unsuspended.text()).toContain(SUSPENSION_TEXT.unsuspendedTitle);
    const again = new Visitor();
    const signedIn = await again.request("/login", {
      form: { email: customer.email, password: customer.password },
    });
    expect(signedIn.status).toBe(302);
    expect((await again.request("/dashboard")).status).toBe(200);
    expect(await callApi({ key: created.key, action: "balance" })).toEqual({
      balance: "0.00",
      currency: "USD",
    });

    const audit = await db()
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.subjectId, customer.id))
      .orderBy(asc(adminAuditLog.id));
    expect(audit.map((row) => row.action)).toEqual(["user.suspend", "user.unsuspend"]);
  });

  it("is a form only admins can post: a customer's post suspends no one", async () => {
    const target = await createAccount();
    const stranger = await createAccount();
    const visitor = new Visitor();
    await visitor.signIn(stranger.email, stranger.password);
    const forged = await visitor.request(`/admin/users/${target.id}.data`, {
      form: { intent: "suspend", reason: "Fraud" },
    });
    expect(forged.status).not.toBe(200);
    const signIn = new Visitor();
    await signIn.signIn(target.email, target.password);
    expect((await signIn.request("/dashboard")).status).toBe(200);
  });

  it("lets a suspended admin account into nothing either", async () => {
    const staff = await createAdminAccount();
    const { visitor: admin } = await signedInAdmin();
    await admin.request(`/admin/users/${staff.id}.data`, {
      form: { intent: "suspend", reason: "Left the company" },
    });
    const adminLogin = await new Visitor().request("/admin-login.data", {
      form: { intent: "sign-in", email: staff.email, password: staff.password },
    });
    expect(await adminLogin.text()).toContain(SUSPENSION_TEXT.signInRefused);
    expect(await db().$count(sessions, eq(sessions.userId, staff.id))).toBe(0);
  });
});

describe("a password-reset mail sent from the user page (product rules 15.23)", () => {
  it("queues the customer's own reset link, which sets a new password, and records who sent it", async () => {
    const customer = await createAccount();
    const { visitor: admin, id: adminId } = await signedInAdmin();
    const sent = await admin.request(`/admin/users/${customer.id}.data`, {
      form: { intent: "send-password-reset" },
    });
    expect(await sent.text()).toContain(RESET_MAIL_TEXT.sent(customer.email));
    const mail = await latestMailTo(customer.email);
    const link = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(`${mail?.text ?? ""}${mail?.html ?? ""}`);
    expect(link).not.toBeNull();
    const visitor = new Visitor();
    const reset = await visitor.request("/reset-password", {
      form: { token: link![1]!, password: "a-new-secret-42", confirmPassword: "a-new-secret-42" },
    });
    expect(reset.status).toBeLessThan(400);
    await new Visitor().signIn(customer.email, "a-new-secret-42");
    const audit = await db()
      .select({ action: adminAuditLog.action, adminId: adminAuditLog.adminId })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.subjectId, customer.id));
    expect(audit).toEqual([{ action: "user.password_reset_mail", adminId }]);
  });
});

describe("a customer's API keys on the user page (product rules 15.24)", () => {
  it("lists the active keys by name and first characters only, and a revoke refuses the key and is recorded", async () => {
    const customer = await createAccount();
    const created = await createApiKey(db(), { userId: customer.id, name: "Reseller panel" });
    if (!created.ok) throw new Error(created.message);
    const { visitor: admin, id: adminId } = await signedInAdmin();
    const html = await (await admin.request(`/admin/users/${customer.id}`)).text();
    expect(visibleText(html)).toContain("Reseller panel");
    expect(html).toContain(created.key.slice(0, 12));
    expect(html).not.toContain(created.key.slice(12));

    // A key id of another customer is not theirs to revoke here.
    const other = await createAccount();
    const othersKey = await createApiKey(db(), { userId: other.id, name: "Other" });
    if (!othersKey.ok) throw new Error(othersKey.message);
    const wrong = await admin.request(`/admin/users/${customer.id}.data`, {
      form: { intent: "revoke-api-key", keyId: othersKey.apiKey.id },
    });
    expect(await wrong.text()).toContain(API_TEXT.keyNotFound);
    expect(await callApi({ key: othersKey.key, action: "balance" })).toEqual({
      balance: "0.00",
      currency: "USD",
    });

    const revoked = await admin.request(`/admin/users/${customer.id}.data`, {
      form: { intent: "revoke-api-key", keyId: created.apiKey.id },
    });
    expect(await revoked.text()).toContain(API_KEY_ADMIN_TEXT.revokedTitle);
    expect(await callApi({ key: created.key, action: "balance" })).toEqual({ error: API_TEXT.invalidKey });
    const after = visibleText(await (await admin.request(`/admin/users/${customer.id}`)).text());
    expect(after).not.toContain("Reseller panel");
    expect(after).toContain(API_KEY_ADMIN_TEXT.none);
    const audit = await db()
      .select({
        action: adminAuditLog.action,
        adminId: adminAuditLog.adminId,
        details: adminAuditLog.details,
      })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.subjectId, customer.id));
    expect(audit).toEqual([{ action: "api_key.revoke", adminId, details: { keyId: created.apiKey.id } }]);
  });
});

describe("last sign-in and admin notes on the user page (product rules 15.25, 15.26)", () => {
  it("shows when and from where the customer last signed in, kept after they sign out", async () => {
    const customer = await createAccount();
    const { visitor: admin } = await signedInAdmin();
    const data = async () => await (await admin.request(`/admin/users/${customer.id}.data`)).text();
    expect(await db().$count(accountLastSignIns, eq(accountLastSignIns.userId, customer.id))).toBe(0);
    const browser = new Visitor();
    await browser.signIn(customer.email, customer.password);
    await browser.request("/logout", { method: "POST" });
    expect(await db().$count(sessions, eq(sessions.userId, customer.id))).toBe(0);
    const [row] = await db()
      .select()
      .from(accountLastSignIns)
      .where(eq(accountLastSignIns.userId, customer.id));
    expect(Date.now() - row!.signedInAt.getTime()).toBeLessThan(60_000);
    expect(row!.ipAddress).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
    const page = await data();
    expect(page).toContain(row!.signedInAt.toISOString());
    expect(page).toContain(row!.ipAddress!);
  });

  it("saves the admins' notes with an audit row of before and after, and records nothing for no change", async () => {
    const customer = await createAccount();
    const { visitor: admin, id: adminId } = await signedInAdmin();
    const save = (notes: string) =>
      admin.request(`/admin/users/${customer.id}.data`, { form: { intent: "save-notes", notes } });
    expect(await (await save("Reseller, pays by wire")).text()).toContain(NOTES_TEXT.savedTitle);
    await save(" Reseller, pays by wire ");
    expect(await (await save("x".repeat(5_001))).text()).toContain(NOTES_TEXT.tooLong);
    await save("Reseller");
    const html = await (await admin.request(`/admin/users/${customer.id}`)).text();
    expect(html).toContain(">Reseller</textarea>");
    const audit = await db()
      .select({
        action: adminAuditLog.action,
        adminId: adminAuditLog.adminId,
        details: adminAuditLog.details,
      })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.subjectId, customer.id))
      .orderBy(adminAuditLog.id);
    expect(audit).toEqual([
      { action: "user.notes", adminId, details: { before: "", after: "Reseller, pays by wire" } },
      { action: "user.notes", adminId, details: { before: "Reseller, pays by wire", after: "Reseller" } },
    ]);
  });
});
