import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { fulfilments, orders, providerCatalog, providers } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import type { Notice } from "../notice.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { auditProviderChange } from "./manage-providers.server.ts";
import { PROVIDER_TEXT } from "./messages.ts";
import { FULFILMENT_DUE_CHANNEL } from "./order-delivery-sql.server.ts";
import { isUpstreamId } from "./provider-form.ts";
import { lockOrder } from "./refund-hold.server.ts";

export type ResendInput = {
  adminId: string;
  fulfilmentId: string;
  providerId: string;
  providerServiceId: string;
};

const OPEN_ORDER = ["pending", "processing", "in_progress"];

/**
 * Resends a part of an order to a provider, the same or another, under a service id of that provider (product
 * rules 14.14, docs/decisions/043): a held part, or a part that ended failed or cancelled while its order is still
 * open. It is queued again as a new submission (a fresh idempotency key, no attempts, the chosen provider and
 * service), the old provider, order id and error kept in the audit log. A part a provider has is refused: cancel it
 * first. Under the order's lock, the lock the refund sweep takes, so a part is resent or refunded, never both.
 */
export async function resendOrderPart(
  db: Database,
  input: ResendInput,
): Promise<{ ok: true; notice: Notice } | Refusal> {
  if (!isUuid(input.fulfilmentId)) return refuse("conflict", PROVIDER_TEXT.notResendable);
  if (!isUuid(input.providerId)) return refuse("not_found", PROVIDER_TEXT.notFound);
  const providerServiceId = input.providerServiceId.trim();
  if (!isUpstreamId(providerServiceId))
    return refuse("invalid", PROVIDER_TEXT.invalid, {
      fieldErrors: { providerServiceId: PROVIDER_TEXT.badProviderServiceId },
    });
  const [provider] = await db
    .select({ id: providers.id, name: providers.name })
    .from(providers)
    .where(eq(providers.id, input.providerId));
  if (!provider) return refuse("not_found", PROVIDER_TEXT.notFound);
  if (!(await listsService(db, provider.id, providerServiceId)))
    return refuse("invalid", PROVIDER_TEXT.unknownProviderService);
  const [part] = await db
    .select({ orderId: fulfilments.orderId })
    .from(fulfilments)
    .where(eq(fulfilments.id, input.fulfilmentId));
  const orderId = part?.orderId;
  if (!orderId) return refuse("conflict", PROVIDER_TEXT.notResendable);
  return db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const [row] = await tx
      .select({
        state: fulfilments.state,
        outcome: fulfilments.outcome,
        providerId: fulfilments.providerId,
        providerServiceId: fulfilments.providerServiceId,
        providerOrderId: fulfilments.providerOrderId,
        lastError: fulfilments.lastError,
        status: orders.status,
        cancelRequestedAt: orders.cancelRequestedAt,
      })
      .from(fulfilments)
      .innerJoin(orders, eq(orders.id, fulfilments.orderId))
      .where(eq(fulfilments.id, input.fulfilmentId))
      .for("update", { of: fulfilments });
    if (!row) return refuse("conflict", PROVIDER_TEXT.notResendable);
    if (row.state === "submitted") return refuse("conflict", PROVIDER_TEXT.resendWithProvider);
    const endedUnfulfilled =
      row.state === "done" && (row.outcome === "failed" || row.outcome === "cancelled");
    if (!(row.state === "needs_attention" || endedUnfulfilled) || !OPEN_ORDER.includes(row.status))
      return refuse("conflict", PROVIDER_TEXT.notResendable);
    if (row.cancelRequestedAt) return refuse("conflict", PROVIDER_TEXT.resendCancelled);
    await tx
      .update(fulfilments)
      .set({
        state: "queued",
        providerId: provider.id,
        providerServiceId,
        idempotencyKey: randomUUID(),
        attempts: 0,
        providerOrderId: null,
        lastError: null,
        refundDueAt: null,
        outcome: null,
        upstreamStatus: null,
        upstreamRemains: null,
        upstreamStartCount: null,
        submittedAt: null,
        costCents: null,
        costFromProvider: false,
        cancelState: null,
        nextAttemptAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(fulfilments.id, input.fulfilmentId));
    await tx.execute(sql`select pg_notify(${FULFILMENT_DUE_CHANNEL}, '')`);
    await auditProviderChange(tx, input.adminId, "fulfilment.resent", provider.id, {
      fulfilment_id: input.fulfilmentId,
      order_id: orderId,
      provider_service_id: providerServiceId,
      from_provider_id: row.providerId,
      from_provider_service_id: row.providerServiceId,
      old_provider_order_id: row.providerOrderId,
      old_state: row.state,
      old_outcome: row.outcome,
      last_error: row.lastError,
    });
    return { ok: true as const, notice: PROVIDER_TEXT.partResent(provider.name) };
  });
}

/**
 * Whether the provider offers the service: listed in its catalogue as the last sync read it. A provider never
 * synced has no catalogue here, and the admin's id is taken as typed.
 */
async function listsService(db: Database, providerId: string, upstreamId: string): Promise<boolean> {
  const [any] = await db
    .select({ id: providerCatalog.upstreamId })
    .from(providerCatalog)
    .where(eq(providerCatalog.providerId, providerId))
    .limit(1);
  if (!any) return true;
  const [listed] = await db
    .select({ id: providerCatalog.upstreamId })
    .from(providerCatalog)
    .where(
      and(
        eq(providerCatalog.providerId, providerId),
        eq(providerCatalog.upstreamId, upstreamId),
        isNull(providerCatalog.missingSince),
      ),
    );
  return listed !== undefined;
}
