import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog, deposits } from "../../app/db/schema.ts";
import { applyGatewayEvent } from "../../app/domain/payments/apply-gateway-event.server.ts";
import { listEventsToReview } from "../../app/domain/payments/list-events-to-review.server.ts";
import { REVIEW_TEXT } from "../../app/domain/payments/manual-deposit-text.ts";
import { markEventReviewed } from "../../app/domain/payments/mark-event-reviewed.server.ts";
import { startDeposit } from "../../app/domain/payments/start-deposit.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { createUser } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// The admins' review of payment events (product rules 16.27-16.28, docs/decisions/057): what the list shows of
// each event and marking one reviewed, once. The page: tests/integration/http/manual-deposits.test.ts.

beforeEach(resetDatabase);

async function mismatchedEvent(reportedCents = 250, currency = "USD") {
  const customer = await createUser();
  const started = await startDeposit(db(), { userId: customer.id, amountCents: cents(2_500) });
  if (!started.ok) throw new Error(started.message);
  const [deposit] = await db().select().from(deposits).where(eq(deposits.id, started.depositId));
  const id = `evt_review_${randomUUID()}`;
  await applyGatewayEvent(db(), {
    id,
    type: "checkout.session.completed",
    gateway: "sandbox",
    payload: { test: true },
    change: {
      kind: "paid",
      depositId: deposit!.id,
      reference: deposit!.providerReference!,
      amountCents: cents(reportedCents),
      currency,
    },
  });
  return { customer, depositId: deposit!.id, eventId: id };
}

describe("the payment events to review", () => {
  it("show the deposit, its customer, the amount asked and the amount and currency the gateway reported", async () => {
    const { customer, depositId, eventId } = await mismatchedEvent(2_500, "EUR");
    const unknown = `evt_review_${randomUUID()}`;
    await applyGatewayEvent(db(), {
      id: unknown,
      type: "checkout.session.completed",
      gateway: "sandbox",
      payload: {},
      change: {
        kind: "paid",
        depositId: randomUUID(),
        reference: "cs_nowhere",
        amountCents: cents(900),
        currency: "usd",
      },
    });
    expect(await listEventsToReview(db())).toMatchObject([
      {
        id: unknown,
        result: "not_found",
        depositId: null,
        customer: null,
        askedCents: null,
        reportedCents: 900,
      },
      {
        id: eventId,
        gateway: "sandbox",
        result: "amount_mismatch",
        depositId,
        customer: { id: customer.id, email: customer.email },
        askedCents: 2_500,
        reportedCents: 2_500,
        reportedCurrency: "EUR",
        reviewedAt: null,
      },
    ]);
  });

  it("are marked reviewed once when 10 admins mark one at the same time, and leave the list for the reviewed one", async () => {
    const admin = await createUser({ admin: true });
    const { eventId } = await mismatchedEvent();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        markEventReviewed(db(), { adminId: admin.id, eventId, note: `Refunded at the gateway (${i})` }),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok)).toEqual(
      Array.from({ length: 9 }, () =>
        expect.objectContaining({ kind: "conflict", message: REVIEW_TEXT.already }),
      ),
    );
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "payment_event.review"), eq(adminAuditLog.subjectId, eventId)));
    expect(audit).toHaveLength(1);
    expect(await listEventsToReview(db())).toEqual([]);
    const [reviewed] = await listEventsToReview(db(), { reviewed: true });
    expect(reviewed).toMatchObject({
      id: eventId,
      reviewedBy: admin.email,
      reviewNote: audit[0]!.details.note,
    });
    expect(reviewed?.reviewedAt).toBeInstanceOf(Date);
  });

  it("refuses to mark an event that needs no review", async () => {
    const admin = await createUser({ admin: true });
    const { eventId } = await mismatchedEvent();
    expect(
      await markEventReviewed(db(), { adminId: admin.id, eventId: "evt_never_received", note: "Nothing" }),
    ).toMatchObject({ ok: false, message: REVIEW_TEXT.already });
    expect(await listEventsToReview(db())).toMatchObject([{ id: eventId }]);
  });
});
