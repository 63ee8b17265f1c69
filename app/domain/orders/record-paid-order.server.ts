import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { type OrderMetadata, orders, users } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";
import { InsufficientFunds } from "../wallet/insufficient-funds.ts";
import { postLedgerEntry } from "../wallet/post-ledger-entry.server.ts";
import { insufficientBalance } from "./messages.ts";
import { type Refusal, refuse } from "./refusal.ts";

/** An order whose price the server computed and whose input it checked, ready to be paid and stored. */
export type OrderDraft = {
  userId: string;
  serviceId: string;
  serviceName: string;
  likesPackId?: string;
  quantity: number;
  targetLink: string;
  deliverySpeed: "slow" | "normal" | "fast";
  totalCents: Cents;
  metadata: OrderMetadata;
  idempotencyKey?: string;
  createdByAdminId?: string;
};

export type PlacedOrder = {
  ok: true;
  order: { id: string; orderNumber: string; totalCents: number; serviceName: string };
  balanceCents: number;
  /** True when this answers a repeated idempotency key: the first order, nothing charged again. */
  replayed: boolean;
};

/**
 * Stores the order and charges the wallet in one transaction (order row first, then the wallet: the fixed lock
 * order of every money write). The same idempotency key from the same user returns the first order and
 * charges nothing; a wallet that cannot afford it is charged nothing and nothing is stored.
 */
export async function recordPaidOrder(db: Database, draft: OrderDraft): Promise<PlacedOrder | Refusal> {
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          userId: draft.userId,
          serviceId: draft.serviceId,
          likesPackId: draft.likesPackId,
          quantity: draft.quantity,
          targetLink: draft.targetLink,
          deliverySpeed: draft.deliverySpeed,
          totalCents: draft.totalCents,
          metadata: draft.metadata,
          idempotencyKey: draft.idempotencyKey,
          createdByAdminId: draft.createdByAdminId,
        })
        .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
        .returning({ id: orders.id, orderNumber: orders.orderNumber, totalCents: orders.totalCents });
      if (!order) return replay(tx, draft);
      const charge = await postLedgerEntry(tx, {
        userId: draft.userId,
        type: "purchase",
        amountCents: -draft.totalCents as Cents,
        orderId: order.id,
        adminId: draft.createdByAdminId,
        metadata: { order_number: order.orderNumber, service_name: draft.serviceName },
      });
      if (!charge.ok) throw new InsufficientFunds(charge.balanceCents);
      return {
        ok: true as const,
        order: { ...order, serviceName: draft.serviceName },
        balanceCents: charge.balanceCents,
        replayed: false,
      };
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      return refuse("insufficient_funds", insufficientBalance(draft.totalCents, error.balanceCents), {
        balanceCents: error.balanceCents,
        totalCents: draft.totalCents,
      });
    }
    throw error;
  }
}

async function replay(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  draft: OrderDraft,
): Promise<PlacedOrder> {
  const key = draft.idempotencyKey ?? "";
  const [first] = await tx
    .select({ id: orders.id, orderNumber: orders.orderNumber, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.userId, draft.userId), eq(orders.idempotencyKey, key)));
  const [wallet] = await tx
    .select({ balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.id, draft.userId));
  if (!first || !wallet) throw new Error("Idempotent replay found no order");
  return {
    ok: true,
    order: { ...first, serviceName: draft.serviceName },
    balanceCents: wallet.balanceCents,
    replayed: true,
  };
}
