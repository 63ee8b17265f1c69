/**
 * Alerts over HTTP (product rules 14.22, 14.24, 14.27): the Settings tab's Alerts form, a provider's balance alert
 * and the dashboard's Dismiss, as the server answers them. What each kind raises and mails: tests/integration/
 * alerts.test.ts; the panel in a browser: tests/e2e/alerts-panel.test.ts. The servers' database is shared by the
 * run, so this file changes only the sync pauses' mail switch (no other test mails those) and puts it back.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { adminAuditLog, alerts, providers } from "../../../app/db/schema.ts";
import { ALERT_TEXT } from "../../../app/domain/alerts/kinds.ts";
import { encryptApiKey } from "../../../app/domain/fulfilment/api-key-cipher.server.ts";
import { BALANCE_ALERT_TEXT } from "../../../app/domain/fulfilment/balance-alert-form.ts";
import { readSettings } from "../../../app/domain/settings/read-settings.server.ts";
import { SETTINGS_TEXT } from "../../../app/domain/settings/settings-form-text.ts";
import { createTicket } from "../../../app/domain/tickets/create-ticket.server.ts";
import { createAccount, signedInAdmin, signedInCustomer } from "../../support/http.ts";
import { redirectToast } from "../../support/redirect-toast.ts";

/** The Alerts form as the settings page sends it, from the settings in effect, with `changes`. */
async function alertsForm(changes: Record<string, string | undefined>) {
  const settings = await readSettings(db());
  const form: Record<string, string> = {
    intent: "alerts",
    alertsEmail: settings.alertsEmail,
    alertsMailMode: settings.alertsMailMode,
  };
  for (const key of [
    "alertMailTicketNew",
    "alertMailTicketReply",
    "alertMailSubmissionFailing",
    "alertMailProviderBalanceLow",
    "alertMailSyncPaused",
    "alertMailLedgerMismatch",
  ] as const)
    if (settings[key]) form[key] = "on";
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete form[key];
    else form[key] = value;
  }
  return form;
}

describe("the Alerts settings", () => {
  it("shows each kind's switch, saves one (audited) and refuses an address that is not one, beside the field", async () => {
    const { visitor, id: adminId } = await signedInAdmin();
    const page = await (await visitor.request("/admin/settings")).text();
    expect(page).toContain('name="alertsEmail"');
    expect(page).toContain('name="alertsMailMode"');
    expect(page).toMatch(/<input[^>]*name="alertMailSyncPaused"[^>]*checked/);

    try {
      const saved = await visitor.request("/admin/settings", {
        form: await alertsForm({ alertMailSyncPaused: undefined }),
      });
      const { toast } = await redirectToast(visitor, saved);
      expect(toast).toMatchObject({
        title: SETTINGS_TEXT.settingsSaved,
        description: "1 setting(s) changed.",
      });
      expect((await readSettings(db())).alertMailSyncPaused).toBe(false);
      const [audit] = await db()
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.adminId, adminId), eq(adminAuditLog.subjectId, "alertMailSyncPaused")));
      expect(audit?.details).toEqual({ from: true, to: false });
      expect(await (await visitor.request("/admin/settings")).text()).not.toMatch(
        /<input[^>]*name="alertMailSyncPaused"[^>]*checked/,
      );
    } finally {
      const back = await visitor.request("/admin/settings", {
        form: await alertsForm({ alertMailSyncPaused: "on" }),
      });
      expect(back.status).toBe(302);
    }
    expect((await readSettings(db())).alertMailSyncPaused).toBe(true);

    const before = await readSettings(db());
    const refused = await visitor.request("/admin/settings", {
      form: await alertsForm({ alertsEmail: "not-an-address", alertsMailMode: "digest" }),
    });
    expect(refused.status).toBe(200);
    const html = await refused.text();
    expect(html).toContain(SETTINGS_TEXT.badEmail);
    expect(await readSettings(db())).toEqual(before);

    const unknownMode = await visitor.request("/admin/settings", {
      form: await alertsForm({ alertsMailMode: "hourly" }),
    });
    expect(unknownMode.status).toBe(200);
    expect(await readSettings(db())).toEqual(before);
  });
});

describe("a provider's balance alert", () => {
  it("is saved from the provider's page, audited, cleared when empty, and a wrong amount is refused beside it", async () => {
    const { visitor } = await signedInAdmin();
    const [provider] = await db()
      .insert(providers)
      .values({
        name: "Alerting Panel",
        apiUrl: "http://127.0.0.1:9/api/v2",
        apiKeyEncrypted: encryptApiKey("alerting-key-1234"),
        apiKeyHint: "1234",
      })
      .returning();
    const page = `/admin/providers/${provider!.id}`;
    const threshold = async () =>
      (await db().select().from(providers).where(eq(providers.id, provider!.id)))[0]?.balanceAlertBelow;

    const saved = await visitor.request(page, {
      form: { intent: "balance-alert", balanceAlertBelow: "25.5" },
    });
    // The provider page answers in place, its toast from the action's data, as its other forms do.
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("You are alerted when its balance falls below 25.5 USD.");
    expect(await threshold()).toBe("25.5000");
    expect(await (await visitor.request(page)).text()).toMatch(/name="balanceAlertBelow"[^>]*value="25.5"/);

    const refused = await visitor.request(page, {
      form: { intent: "balance-alert", balanceAlertBelow: "-3" },
    });
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain(BALANCE_ALERT_TEXT.badAmount);
    expect(await threshold()).toBe("25.5000");

    const cleared = await visitor.request(page, { form: { intent: "balance-alert", balanceAlertBelow: "" } });
    expect(await cleared.text()).toContain("No balance alert for this provider.");
    expect(await threshold()).toBeNull();
    const audit = await db()
      .select({ details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, "provider.balance_alert"), eq(adminAuditLog.subjectId, provider!.id)),
      )
      .orderBy(adminAuditLog.id);
    expect(audit.map((row) => row.details)).toEqual([
      { from: null, to: "25.5" },
      { from: "25.5", to: null },
    ]);
  });
});

describe("the needs-attention panel's Dismiss", () => {
  it("takes the alert off /admin for good, audited; a second Dismiss or a customer's is refused", async () => {
    const customer = await createAccount();
    const created = await createTicket(db(), {
      userId: customer.id,
      category: "request",
      subject: `Dismiss me ${customer.email}`,
      message: "Hello",
    });
    if (!created.ok) throw new Error(created.message);
    const [alert] = await db()
      .select()
      .from(alerts)
      .where(eq(alerts.subjectKey, `ticket:${created.ticket.id}`));
    const { visitor, id: adminId } = await signedInAdmin();
    const dashboard = await (await visitor.request("/admin")).text();
    expect(dashboard).toContain(`New ticket ${created.ticket.ticketNumber}: Dismiss me`);
    expect(dashboard).toContain(`href="/admin/tickets?q=${created.ticket.ticketNumber}"`);

    const shopper = await signedInCustomer();
    const forbidden = await shopper.visitor.request("/admin", {
      form: { intent: "dismiss-alert", alertId: String(alert!.id) },
    });
    expect(forbidden.status).not.toBe(200);
    expect((await db().select().from(alerts).where(eq(alerts.id, alert!.id)))[0]?.resolvedAt).toBeNull();

    const dismissed = await visitor.request("/admin", {
      form: { intent: "dismiss-alert", alertId: String(alert!.id) },
    });
    const { toast } = await redirectToast(visitor, dismissed);
    expect(toast).toMatchObject({ title: ALERT_TEXT.dismissed });
    expect(await (await visitor.request("/admin")).text()).not.toContain(
      `New ticket ${created.ticket.ticketNumber}: Dismiss me`,
    );
    const [audit, ...more] = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "alert.dismiss"), eq(adminAuditLog.subjectId, String(alert!.id))));
    expect(more).toHaveLength(0);
    expect(audit?.adminId).toBe(adminId);

    const again = await visitor.request("/admin", {
      form: { intent: "dismiss-alert", alertId: String(alert!.id) },
    });
    expect(again.status).toBe(200);
    expect(await db().$count(adminAuditLog, eq(adminAuditLog.action, "alert.dismiss"))).toBeGreaterThan(0);
    const malformed = await visitor.request("/admin", {
      form: { intent: "dismiss-alert", alertId: "seven" },
    });
    expect(malformed.status).toBe(400);
  });
});
