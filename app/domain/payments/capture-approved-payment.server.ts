import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { deposits } from "../../db/schema.ts";
import { applyGatewayEvent } from "./apply-gateway-event.server.ts";
import type { DepositGateway } from "./gateway.ts";

/**
 * What taking an approved payment came to, as the customer is told (product rules 16.43): `unavailable` when the
 * gateway could not be asked (try again later), `not_confirmed` when there is nothing to take.
 */
export type CaptureOutcome = "paid" | "declined" | "pending" | "unavailable" | "not_confirmed";

export type CapturedDeposit = {
  outcome: CaptureOutcome;
  /** The deposit the payment belongs to (its return path), null when none of this gateway has that reference. */
  deposit: { id: string; returnPath: string | null } | null;
};

async function readDeposit(db: Database, gateway: DepositGateway, reference: string, userId?: string) {
  const [deposit] = await db
    .select({ id: deposits.id, status: deposits.status, returnPath: deposits.returnPath })
    .from(deposits)
    .where(
      and(
        eq(deposits.provider, gateway.name),
        eq(deposits.providerReference, reference),
        userId ? eq(deposits.userId, userId) : undefined,
      ),
    );
  return deposit ?? null;
}

function outcomeOf(status: string): CaptureOutcome {
  if (status === "completed") return "paid";
  return status === "failed" ? "declined" : "not_confirmed";
}

/**
 * Takes a payment the customer approved on the gateway (PayPal's order), once the browser is back or the
 * approval's webhook arrives (docs/decisions/058): only for a deposit still pending, outside any transaction, and
 * the capture's answer goes through applyGatewayEvent like any event, so the return and the webhooks credit once.
 * With `userId`, only that customer's own deposit.
 */
export async function captureApprovedPayment(
  db: Database,
  gateway: DepositGateway,
  input: { reference: string; userId?: string },
): Promise<CapturedDeposit> {
  const deposit = await readDeposit(db, gateway, input.reference, input.userId);
  if (!deposit) return { outcome: "not_confirmed", deposit: null };
  const found = { id: deposit.id, returnPath: deposit.returnPath };
  // Paid or closed already: nothing to take (a closed deposit is never charged again).
  if (deposit.status !== "pending" || !gateway.capture)
    return { outcome: outcomeOf(deposit.status), deposit: found };

  const capture = await gateway.capture(input.reference).catch((error: Error) => ({
    captured: false as const,
    reason: "failed" as const,
    detail: error.message,
  }));
  if (!capture.captured) {
    if (capture.reason === "failed")
      console.error(`${gateway.name} capture of ${input.reference}: ${capture.detail}`);
    return { outcome: capture.reason === "failed" ? "unavailable" : capture.reason, deposit: found };
  }
  await applyGatewayEvent(db, capture.event);
  // What the deposit is now says it all, whichever path (this answer or a webhook) got there first.
  const settled = await readDeposit(db, gateway, input.reference, input.userId);
  return { outcome: outcomeOf(settled?.status ?? "pending"), deposit: found };
}
