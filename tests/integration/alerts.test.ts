/**
 * The operator's alerts (product rules 14.20-14.29): each kind raised once per occurrence from what is stored (a
 * ticket, a failing or held submission, a provider's balance, a sync's pauses, the ledger), mailed through the outbox
 * at once or in a day's digest, switched off per kind, dismissed from the panel. Real PostgreSQL; the scheduled
 * ledger check through pg-boss itself: ledger-check-schedule.test.ts. The panel and the settings form over HTTP:
 * http/alerts.test.ts; in a browser: e2e/alerts-panel.test.ts.
 */
import "../support/worker-database.ts";
import { and, asc, eq, isNull, like, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  adminAuditLog,
  affiliates,
  alerts,
  fulfilments,
  mailOutbox,
  orders,
  providers,
  serviceChanges,
  users,
} from "../../app/db/schema.ts";
import { affiliateCodeOf } from "../../app/domain/affiliates/affiliate-code.server.ts";
import { dismissAlert } from "../../app/domain/alerts/dismiss-alert.server.ts";
import { checkLedgerAndAlert } from "../../app/domain/alerts/ledger-alert.server.ts";
import { listOpenAlerts } from "../../app/domain/alerts/list-open-alerts.server.ts";
import { runAlertRound } from "../../app/domain/alerts/run-alert-round.server.ts";
import { sendAlertDigest } from "../../app/domain/alerts/send-alert-digest.server.ts";
import { encryptApiKey } from "../../app/domain/fulfilment/api-key-cipher.server.ts";
import { shopUrl } from "../../app/domain/mail/shop-url.server.ts";
import type { Settings } from "../../app/domain/settings/defaults.ts";
import { saveSettings } from "../../app/domain/settings/save-settings.server.ts";
import { answerTicket } from "../../app/domain/tickets/answer-ticket.server.ts";
import { createTicket } from "../../app/domain/tickets/create-ticket.server.ts";
import { replyToTicket } from "../../app/domain/tickets/reply-to-ticket.server.ts";
import { createUser, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

const SUPPORT = "support@boostly.example";
const DIGEST_HOUR = 8;
/** A round at a time well before the digest hour: no digest is due. */
const BEFORE_DIGEST = new Date("2026-11-20T03:00:00Z");

const round = (now = BEFORE_DIGEST) => runAlertRound(db(), { now, digestHourUtc: DIGEST_HOUR });

async function mailsTo(email: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(asc(mailOutbox.createdAt));
}

async function alertMails(subjectStart = "Alert: ") {
  return db()
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.subject, `${subjectStart}%`))
    .orderBy(asc(mailOutbox.createdAt));
}

async function alertsOf(kind: string) {
  return db().select().from(alerts).where(eq(alerts.kind, kind)).orderBy(asc(alerts.id));
}

async function setSettings(values: Partial<Settings>) {
  const admin = await createUser({ admin: true });
  await saveSettings(db(), { adminId: admin.id, values });
  return admin;
}

async function openTicket() {
  const customer = await createUser();
  const created = await createTicket(db(), {
    userId: customer.id,
    category: "request",
    subject: "Where are my likes?",
    message: "It has been two days.",
  });
  if (!created.ok) throw new Error(created.message);
  return { customer, ticket: created.ticket };
}

async function addProvider(values: Partial<typeof providers.$inferInsert> = {}) {
  const [provider] = await db()
    .insert(providers)
    .values({
      name: "Panel One",
      apiUrl: "http://127.0.0.1:9/api/v2",
      apiKeyEncrypted: encryptApiKey("panel-key-1234"),
      apiKeyHint: "1234",
      ...values,
    })
    .returning();
  return provider!;
}

/** An order with one part at a provider, in the state given (written as the fulfilment worker would). */
async function partAtProvider(state: Partial<typeof fulfilments.$inferInsert> = {}) {
  const provider = await addProvider();
  const customer = await createUser();
  const [order] = await db()
    .insert(orders)
    .values({
      userId: customer.id,
      serviceId: await serviceId("Instagram Likes"),
      quantity: 100,
      targetLink: "https://www.instagram.com/p/Alert1/",
      totalCents: 40 as never,
    })
    .returning();
  const [part] = await db()
    .insert(fulfilments)
    .values({
      orderId: order!.id,
      providerId: provider.id,
      providerServiceId: "11",
      link: order!.targetLink,
      quantity: 100,
      idempotencyKey: `alert-${order!.id}`,
      ...state,
    })
    .returning();
  return { order: order!, part: part!, provider };
}

async function setPart(id: string, values: Partial<typeof fulfilments.$inferInsert>) {
  await db()
    .update(fulfilments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(fulfilments.id, id));
}

describe("ticket alerts (product rules 14.21)", () => {
  it("a new ticket mails the support address at once, in the ticket's own transaction, and shows on the panel", async () => {
    const { customer, ticket } = await openTicket();
    const [mail, ...more] = await mailsTo(SUPPORT);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`New ticket: Where are my likes? [${ticket.ticketNumber}]`);
    expect(mail?.text).toContain(`${customer.email} opened ${ticket.ticketNumber}`);
    expect(mail?.text).toContain("It has been two days.");
    expect(mail?.text).toContain(shopUrl(`/admin/tickets?q=${ticket.ticketNumber}`));
    const { alerts: open, total } = await listOpenAlerts(db());
    expect(total).toBe(1);
    expect(open[0]).toMatchObject({
      kind: "ticket_new",
      title: `New ticket ${ticket.ticketNumber}: Where are my likes?`,
      link: `/admin/tickets?q=${ticket.ticketNumber}`,
    });
  });

  it("a refused ticket mails nobody and raises nothing", async () => {
    const customer = await createUser();
    const refused = await createTicket(db(), {
      userId: customer.id,
      category: "request",
      subject: "",
      message: "x",
    });
    expect(refused.ok).toBe(false);
    expect(await mailsTo(SUPPORT)).toHaveLength(0);
    expect(await db().$count(alerts)).toBe(0);
  });

  it("each customer reply is one alert and one mail; the ticket's alerts leave the panel once support answers", async () => {
    const { customer, ticket } = await openTicket();
    const admin = await createUser({ admin: true });
    await answerTicket(db(), {
      adminId: admin.id,
      ticketId: ticket.id,
      status: "in_progress",
      response: "On it",
    });
    await round();
    expect((await listOpenAlerts(db())).total).toBe(0);

    await replyToTicket(db(), { userId: customer.id, ticketId: ticket.id, body: "Still nothing." });
    await replyToTicket(db(), { userId: customer.id, ticketId: ticket.id, body: "Hello?" });
    const subjects = (await mailsTo(SUPPORT)).map((mail) => mail.subject);
    expect(subjects).toEqual([
      `New ticket: Where are my likes? [${ticket.ticketNumber}]`,
      `Customer reply: Where are my likes? [${ticket.ticketNumber}]`,
      `Customer reply: Where are my likes? [${ticket.ticketNumber}]`,
    ]);
    expect(await alertsOf("ticket_reply")).toHaveLength(2);
    expect((await listOpenAlerts(db())).total).toBe(2);
  });

  it("go to the alerts address when one is set, and switched off they are not mailed but still shown", async () => {
    await setSettings({ alertsEmail: "ops@shop.example", alertMailTicketReply: false });
    const { customer, ticket } = await openTicket();
    await replyToTicket(db(), { userId: customer.id, ticketId: ticket.id, body: "Any news?" });
    expect((await mailsTo("ops@shop.example")).map((mail) => mail.subject)).toEqual([
      `New ticket: Where are my likes? [${ticket.ticketNumber}]`,
    ]);
    expect(await mailsTo(SUPPORT)).toHaveLength(0);
    const [reply] = await alertsOf("ticket_reply");
    expect(reply).toMatchObject({ mailedAt: null, resolvedAt: null });
  });
});

describe("submission alerts (product rules 14.23)", () => {
  it("a part retrying after a refusal is alerted once, then once more when it is held, and ends when it is sent", async () => {
    const { order, part } = await partAtProvider();
    await round();
    expect(await db().$count(alerts)).toBe(0);

    await setPart(part.id, { attempts: 2, lastError: "Not enough funds on balance" });
    await round();
    await round();
    const [retrying, ...moreRetrying] = await alertsOf("submission_failing");
    expect(moreRetrying).toHaveLength(0);
    expect(retrying).toMatchObject({
      title: `Submission retrying: ${order.orderNumber} at Panel One (2 refused)`,
      details: "The provider said: Not enough funds on balance",
      link: `/admin/orders?q=${order.orderNumber}`,
      endedAt: null,
    });
    const [mail, ...moreMails] = await alertMails();
    expect(moreMails).toHaveLength(0);
    expect(mail?.to).toBe(SUPPORT);
    expect(mail?.subject).toBe(`Alert: ${retrying!.title}`);
    expect(mail?.text).toContain("Not enough funds on balance");
    expect(mail?.text).toContain(shopUrl(`/admin/orders?q=${order.orderNumber}`));

    // It gave up and is held for a decision: the retrying episode is over, the held one is told.
    await setPart(part.id, { state: "needs_attention" });
    await round();
    await round();
    const [ended, held] = await alertsOf("submission_failing");
    expect(ended?.endedAt).not.toBeNull();
    expect(held).toMatchObject({
      title: `Submission held for a decision: ${order.orderNumber} at Panel One`,
      link: "/admin/manual-work",
      endedAt: null,
    });
    expect(await alertMails()).toHaveLength(2);

    // Resent and taken by the provider: over, and off the panel.
    await setPart(part.id, { state: "submitted", providerOrderId: "777", lastError: null });
    await round();
    expect((await alertsOf("submission_failing")).every((alert) => alert.endedAt !== null)).toBe(true);
    expect((await listOpenAlerts(db())).total).toBe(0);

    // A later refusal of the same part is a new episode: told again.
    await setPart(part.id, { state: "queued", attempts: 3, lastError: "Service disabled" });
    await round();
    expect(await alertsOf("submission_failing")).toHaveLength(3);
    expect(await alertMails()).toHaveLength(3);
  });

  it("a part queued for its first attempt, or sent, is not alerted", async () => {
    await partAtProvider();
    await partAtProvider({ state: "submitted", providerOrderId: "9", attempts: 1 });
    await round();
    expect(await db().$count(alerts)).toBe(0);
  });

  it("switched off, a held part is shown on the panel and mailed to nobody", async () => {
    await setSettings({ alertMailSubmissionFailing: false });
    await partAtProvider({ state: "needs_attention", attempts: 6, lastError: "Incorrect service ID" });
    await round();
    expect(await alertsOf("submission_failing")).toHaveLength(1);
    expect(await alertMails()).toHaveLength(0);
    expect((await listOpenAlerts(db())).total).toBe(1);
  });

  it("dismissed, a held part's alert is audited, leaves the panel and is not raised again while it stays held", async () => {
    const admin = await createUser({ admin: true });
    await partAtProvider({ state: "needs_attention", attempts: 6, lastError: "Incorrect service ID" });
    await round();
    const [alert] = await alertsOf("submission_failing");
    const dismissed = await dismissAlert(db(), { adminId: admin.id, alertId: alert!.id });
    expect(dismissed).toMatchObject({ ok: true, notice: { title: "Alert dismissed" } });
    expect(await dismissAlert(db(), { adminId: admin.id, alertId: alert!.id })).toMatchObject({
      ok: false,
      kind: "not_found",
    });
    await round();
    expect(await alertsOf("submission_failing")).toHaveLength(1);
    expect((await listOpenAlerts(db())).total).toBe(0);
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "alert.dismiss"), eq(adminAuditLog.subjectId, String(alert!.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: admin.id, subjectType: "alert" });
  });
});

describe("provider balance alerts (product rules 14.24)", () => {
  it("alerts once per crossing below the threshold, and again only after the balance went back above it", async () => {
    const provider = await addProvider({ balanceAlertBelow: "10", balance: "25.00", balanceCurrency: "USD" });
    const setBalance = (balance: string) =>
      db().update(providers).set({ balance }).where(eq(providers.id, provider.id));
    await round();
    expect(await alertsOf("provider_balance_low")).toHaveLength(0);

    await setBalance("9.50");
    await round();
    await setBalance("4.10");
    await round();
    const [low, ...more] = await alertsOf("provider_balance_low");
    expect(more).toHaveLength(0);
    expect(low).toMatchObject({
      title: "Panel One's balance is low: 9.50 USD",
      link: `/admin/providers/${provider.id}`,
    });
    expect(low?.details).toContain("threshold of 10 USD");
    expect(await alertMails()).toHaveLength(1);

    await setBalance("10");
    await round();
    expect((await alertsOf("provider_balance_low"))[0]?.endedAt).not.toBeNull();
    await setBalance("2");
    await round();
    expect(await alertsOf("provider_balance_low")).toHaveLength(2);
    expect(await alertMails()).toHaveLength(2);
  });

  it("raises nothing without a threshold, or for a balance that is not a number", async () => {
    await addProvider({ balance: "0.01" });
    await addProvider({ name: "Odd", balanceAlertBelow: "5", balance: "n/a" });
    await round();
    expect(await db().$count(alerts)).toBe(0);
  });
});

describe("sync pause alerts (product rules 14.25)", () => {
  it("tells the services a sync paused in one alert, once, and a later pause in another", async () => {
    const likes = await serviceId("Instagram Likes");
    const views = await serviceId("TikTok Views");
    await db()
      .insert(serviceChanges)
      .values([
        { serviceId: likes, kind: "paused_vanished" },
        { serviceId: views, kind: "paused_rate_rise", details: { from: "1", to: "3" } },
        { serviceId: views, kind: "repriced", details: { from: "1", to: "2" } },
      ]);
    await round();
    await round();
    const [paused, ...more] = await alertsOf("sync_paused");
    expect(more).toHaveLength(0);
    expect(paused?.title).toBe("A provider sync paused 2 services");
    expect(paused?.details).toContain("Instagram Likes: Paused: no longer listed upstream");
    expect(paused?.details).toContain("TikTok Views: Paused: the provider's rate rose past the price");
    expect(paused?.link).toBe("/admin/services");
    expect(await alertMails()).toHaveLength(1);

    await db().insert(serviceChanges).values({ serviceId: likes, kind: "paused_limits" });
    await round();
    const all = await alertsOf("sync_paused");
    expect(all.map((alert) => alert.title)).toEqual([
      "A provider sync paused 2 services",
      "A provider sync paused 1 service",
    ]);
  });
});

describe("the ledger check's alert (product rules 14.26)", () => {
  it("a broken wallet raises one mailed alert that stays until a check is clean", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    expect(await checkLedgerAndAlert(db())).toEqual({ mismatched: 0, raised: false });
    await db().update(users).set({ balanceCents: sql`balance_cents + 1` }).where(eq(users.id, customer.id));
    expect(await checkLedgerAndAlert(db())).toEqual({ mismatched: 1, raised: true });
    expect(await checkLedgerAndAlert(db())).toEqual({ mismatched: 1, raised: false });
    const [alert] = await alertsOf("ledger_mismatch");
    expect(alert?.title).toBe("Ledger check failed: 1 wallet differs from its ledger");
    expect(alert?.details).toContain(`${customer.email}: balance $10.01, ledger $10.00`);
    expect(alert?.link).toBe(`/admin/users/${customer.id}`);
    expect(await alertMails()).toHaveLength(1);

    await db().update(users).set({ balanceCents: sql`balance_cents - 1` }).where(eq(users.id, customer.id));
    expect(await checkLedgerAndAlert(db())).toEqual({ mismatched: 0, raised: false });
    expect((await alertsOf("ledger_mismatch"))[0]?.endedAt).not.toBeNull();
    expect((await listOpenAlerts(db())).total).toBe(0);
  });
});

describe("the ledger check's alert for affiliate balances (docs/decisions/056)", () => {
  it("a commission balance that differs from its affiliate ledger raises the same alert", async () => {
    const affiliate = await createUser();
    await affiliateCodeOf(db(), affiliate.id);
    expect(await checkLedgerAndAlert(db())).toEqual({ mismatched: 0, raised: false });
    await db()
      .update(affiliates)
      .set({ balanceCents: sql`balance_cents + 5` })
      .where(eq(affiliates.userId, affiliate.id));
    expect(await checkLedgerAndAlert(db())).toEqual({ mismatched: 1, raised: true });
    const [alert] = await alertsOf("ledger_mismatch");
    expect(alert?.details).toContain(
      `${affiliate.email} (affiliate commission): balance $0.05, ledger $0.00`,
    );
    expect(alert?.link).toBe(`/admin/users/${affiliate.id}`);
  });
});

describe("the daily digest (product rules 14.23)", () => {
  it("mails nothing per alert, then one mail a day with all of them, from the digest hour", async () => {
    await setSettings({ alertsMailMode: "digest", alertMailSyncPaused: false });
    const { ticket } = await openTicket();
    await partAtProvider({ state: "needs_attention", attempts: 6, lastError: "Incorrect service ID" });
    await addProvider({ name: "Dry Panel", balanceAlertBelow: "10", balance: "1" });
    await db()
      .insert(serviceChanges)
      .values({ serviceId: await serviceId("Instagram Likes"), kind: "paused_vanished" });
    expect((await round()).digest).toEqual({ sent: false, reason: "not_due" });
    expect(await db().$count(alerts)).toBe(4);
    expect(await mailsTo(SUPPORT)).toHaveLength(0);

    // On a fixed clock: raised in the night of 20 November, the digest hour 08:00 UTC.
    await db()
      .update(alerts)
      .set({ raisedAt: new Date("2026-11-20T05:00:00Z") });
    const digest = (at: string) => sendAlertDigest(db(), { now: new Date(at), digestHourUtc: DIGEST_HOUR });
    expect(await digest("2026-11-20T07:59:00Z")).toEqual({ sent: false, reason: "not_due" });
    expect(await digest("2026-11-20T08:00:30Z")).toEqual({ sent: true, alerts: 3 });
    const [mail, ...more] = await mailsTo(SUPPORT);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe("Alerts digest for 2026-11-20: 3 alerts");
    expect(mail?.text).toContain(`New ticket ${ticket.ticketNumber}: Where are my likes?`);
    expect(mail?.text).toContain("Submission held for a decision");
    expect(mail?.text).toContain("Dry Panel's balance is low: 1 USD");
    expect(mail?.text).not.toContain("paused");
    expect(mail?.text).toContain(shopUrl("/admin/manual-work"));

    // Later the same day: no second digest, even with a new alert; the next day's tells only what came since.
    const second = await createTicket(db(), {
      userId: (await createUser()).id,
      category: "request",
      subject: "Second",
      message: "Another one",
    });
    if (!second.ok) throw new Error(second.message);
    await db()
      .update(alerts)
      .set({ raisedAt: new Date("2026-11-20T09:00:00Z") })
      .where(eq(alerts.subjectKey, `ticket:${second.ticket.id}`));
    expect(await digest("2026-11-20T10:00:00Z")).toEqual({ sent: false, reason: "sent_today" });
    expect(await digest("2026-11-21T08:05:00Z")).toEqual({ sent: true, alerts: 1 });
    const mails = await mailsTo(SUPPORT);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe("Alerts digest for 2026-11-21: 1 alert");
    expect(mails[1]?.text).toContain("Second");
    expect(mails[1]?.text).not.toContain("Submission held");
    expect(await digest("2026-11-21T09:00:00Z")).toEqual({ sent: false, reason: "sent_today" });
  });

  it("sends nothing when alerts are mailed one by one", async () => {
    await openTicket();
    const late = new Date();
    expect(await sendAlertDigest(db(), { now: late, digestHourUtc: 0 })).toEqual({
      sent: false,
      reason: "not_digest",
    });
    const pending = await db().select().from(alerts).where(isNull(alerts.digestedAt));
    expect(pending).toHaveLength(1);
  });
});
