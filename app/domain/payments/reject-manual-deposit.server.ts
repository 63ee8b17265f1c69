import type { Executor } from "../../db/client.server.ts";
import type { ChangeMade } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { applyGatewayEvent } from "./apply-gateway-event.server.ts";
import { lockManualClaim } from "./lock-manual-claim.server.ts";
import { MANUAL_CLAIM_ADMIN_TEXT } from "./manual-deposit-text.ts";

/**
 * An admin rejects a customer's manual claim with a reason the customer reads on their wallet (product rules 16.56,
 * docs/decisions/059): a `failed` event `manual:reject:<deposit>` carrying the reason closes the deposit through
 * applyGatewayEvent, audited in the same transaction. A claim already approved or rejected is refused.
 */
export async function rejectManualDeposit(
  db: Executor,
  input: { adminId: string; depositId: string; reason: string },
): Promise<ChangeMade | Refusal> {
  const reason = input.reason.trim();
  return db.transaction(async (tx) => {
    const claim = await lockManualClaim(tx, input.depositId);
    if (!claim) return notChanged("not_found", MANUAL_CLAIM_ADMIN_TEXT.notFound);
    if (claim.status !== "pending") return notChanged("conflict", MANUAL_CLAIM_ADMIN_TEXT.settled);
    const eventId = `manual:reject:${claim.id}`;
    const applied = await applyGatewayEvent(tx, {
      id: eventId,
      type: "manual.rejected",
      gateway: "manual",
      payload: { rejectedBy: input.adminId, reason },
      change: {
        kind: "failed",
        depositId: claim.id,
        reference: claim.reference ?? "",
        amountCents: null,
        currency: null,
      },
    });
    if (applied.duplicate || applied.result !== "failed")
      throw new Error(`manual claim ${claim.id} was not closed: ${JSON.stringify(applied)}`);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "deposit.reject",
      subjectType: "deposit",
      subjectId: claim.id,
      details: { userId: claim.userId, amountCents: claim.amountCents, reason, eventId },
    });
    return {
      ok: true as const,
      notice: {
        title: MANUAL_CLAIM_ADMIN_TEXT.rejectedTitle,
        message: MANUAL_CLAIM_ADMIN_TEXT.rejected(claim.email),
      },
    };
  });
}

function notChanged(kind: "not_found" | "conflict", message: string): Refusal {
  return refuse(kind, message, { title: MANUAL_CLAIM_ADMIN_TEXT.refusedTitle });
}
