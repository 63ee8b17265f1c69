import type { Executor } from "../../db/client.server.ts";
import type { ChangeMade } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { applyGatewayEvent } from "./apply-gateway-event.server.ts";
import { DEPOSIT_CURRENCY } from "./gateway.ts";
import { lockManualClaim } from "./lock-manual-claim.server.ts";
import { MANUAL_CLAIM_ADMIN_TEXT } from "./manual-deposit-text.ts";

/**
 * An admin approves a customer's manual claim (product rules 16.55, docs/decisions/059): a `paid` event
 * `manual:approve:<deposit>` for the claim's own amount goes through applyGatewayEvent, the one path that credits a
 * deposit once, with its receipt, and the approval is audited in the same transaction. A claim already approved or
 * rejected is refused and nothing is recorded, so a late click never puts an event on the review list.
 */
export async function approveManualDeposit(
  db: Executor,
  input: { adminId: string; depositId: string },
): Promise<ChangeMade | Refusal> {
  return db.transaction(async (tx) => {
    const claim = await lockManualClaim(tx, input.depositId);
    if (!claim) return notChanged("not_found", MANUAL_CLAIM_ADMIN_TEXT.notFound);
    if (claim.status !== "pending") return notChanged("conflict", MANUAL_CLAIM_ADMIN_TEXT.settled);
    const eventId = `manual:approve:${claim.id}`;
    const applied = await applyGatewayEvent(tx, {
      id: eventId,
      type: "manual.approved",
      gateway: "manual",
      payload: { approvedBy: input.adminId },
      change: {
        kind: "paid",
        depositId: claim.id,
        reference: claim.reference ?? "",
        amountCents: claim.amountCents,
        currency: DEPOSIT_CURRENCY,
      },
    });
    // The claim is locked and pending: anything but a credit here is a broken invariant; roll everything back.
    if (applied.duplicate || applied.result !== "credited")
      throw new Error(`manual claim ${claim.id} was not credited: ${JSON.stringify(applied)}`);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "deposit.approve",
      subjectType: "deposit",
      subjectId: claim.id,
      details: { userId: claim.userId, amountCents: claim.amountCents, eventId },
    });
    return {
      ok: true as const,
      notice: {
        title: MANUAL_CLAIM_ADMIN_TEXT.approvedTitle,
        message: MANUAL_CLAIM_ADMIN_TEXT.approved(claim.amountCents, claim.email),
      },
    };
  });
}

function notChanged(kind: "not_found" | "conflict", message: string): Refusal {
  return refuse(kind, message, { title: MANUAL_CLAIM_ADMIN_TEXT.refusedTitle });
}
