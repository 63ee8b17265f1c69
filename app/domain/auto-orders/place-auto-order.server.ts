import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { autoOrders, users } from "../../db/schema.ts";
import { findOrderableService } from "../catalog/find-service.server.ts";
import { formatServiceName } from "../catalog/product-name.ts";
import { chargeCoversCostSql } from "../fulfilment/mapped-cost-sql.server.ts";
import { discountHeldSql, discountHolds, readCustomerDiscount } from "../orders/customer-discount.server.ts";
import { BELOW_COST, insufficientBalance, invalidPerPost, ORDER_TEXT } from "../orders/messages.ts";
import { orderOrigin } from "../orders/order-origin.ts";
import { refuseChangedPrice, refuseDuringMaintenance } from "../orders/order-rules.server.ts";
import type { DeliverySpeed } from "../orders/place-order.server.ts";
import { readProfileUsername } from "../orders/profile-username.ts";
import { AUTO_POSTS_MAX, AUTO_POSTS_MIN } from "../orders/quantity-input.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { discountedAutoOrderCost } from "../pricing/discount.ts";
import { costOfPosts } from "../pricing/price.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { readSettings } from "../settings/read-settings.server.ts";
import { InsufficientFunds } from "../wallet/insufficient-funds.ts";
import { postLedgerEntry } from "../wallet/post-ledger-entry.server.ts";

export type AutoOrderInput = {
  userId: string;
  serviceId: string;
  username: string;
  perPost: number;
  posts: number;
  deliverySpeed: DeliverySpeed;
  idempotencyKey?: string;
  expectedTotalCents?: Cents;
  createdByAdminId?: string;
  adminNotes?: string;
  /** Placed by a reseller through the API (/api/v2) as a subscription: marked in its metadata. */
  viaApi?: boolean;
  /** A subscription's terms (docs/decisions/023): minutes a new post waits, and its last day (YYYY-MM-DD). */
  delayMinutes?: number;
  expiresOn?: string;
};

export type PlacedAutoOrder = {
  ok: true;
  autoOrder: {
    id: string;
    /** Its id in the reseller API, where it is a subscription. */
    apiId: number;
    totalPosts: number;
    remainingPosts: number;
    costPerPostCents: Cents;
    totalCents: Cents;
    serviceName: string;
  };
  balanceCents: Cents;
  replayed: boolean;
};

/** Thrown inside the auto order's transaction to undo it: the cost per post is below the post's known cost. */
class BelowCost extends Error {}

/** Thrown inside the auto order's transaction to undo it: the customer's discount changed since it was priced. */
class DiscountChanged extends Error {}

/** Times an auto order is priced on fresh reads (a sync repricing it, its customer's discount changing). */
const ATTEMPTS = 3;

/**
 * Sets up an auto order for the user's next posts, paid up front: cost per post x posts. The charge needs the cost
 * per post to cover each post's known upstream cost (product rules 13.13), read in the statement that charges; a
 * refusal on a service read just before a sync repriced it is tried once more on a fresh read, so a racing order
 * pays the old price or the new one. The cost per post is less the customer's discount (product rules 15.28), and
 * charged only while that discount holds: a discount changed meanwhile prices the order again.
 */
export async function placeAutoOrder(
  db: Executor,
  input: AutoOrderInput,
): Promise<PlacedAutoOrder | Refusal> {
  let belowCostRetried = false;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const placed = await placeAutoOrderOnce(db, input);
    if (placed === "discount_changed") continue;
    if (placed.ok || placed.code !== BELOW_COST || belowCostRetried) return placed;
    belowCostRetried = true;
  }
  return refuse("conflict", ORDER_TEXT.orderFailed);
}

async function placeAutoOrderOnce(
  db: Executor,
  input: AutoOrderInput,
): Promise<PlacedAutoOrder | Refusal | "discount_changed"> {
  const byAdmin = input.createdByAdminId !== undefined;
  const closed = await refuseDuringMaintenance(db, byAdmin);
  if (closed) return closed;
  if (!byAdmin && !(await readSettings(db)).autoOrdersEnabled)
    return refuse("unavailable", ORDER_TEXT.autoOrdersDisabled);
  const [service, discountTenths] = await Promise.all([
    findOrderableService(db, input.serviceId),
    readCustomerDiscount(db, input.userId),
  ]);
  if (service?.serviceType !== "auto")
    return refuse("invalid", ORDER_TEXT.serviceError, { field: "serviceId" });
  // A pasted profile link gives its username; a post's or another site's link is refused (product rules 4.10).
  const profile = readProfileUsername(input.username, service);
  if (!profile.ok) return refuse("invalid", profile, { field: "username" });
  const username = profile.username;
  if (!Number.isSafeInteger(input.posts) || input.posts < AUTO_POSTS_MIN || input.posts > AUTO_POSTS_MAX) {
    return refuse("invalid", ORDER_TEXT.postsOutOfRange, { field: "posts" });
  }
  if (
    !Number.isSafeInteger(input.perPost) ||
    input.perPost < service.minQuantity ||
    input.perPost > service.maxQuantity
  ) {
    return refuse("invalid", invalidPerPost(service.minQuantity, service.maxQuantity), { field: "perPost" });
  }
  // The discount applies to the cost per post, so the total and every refund of unsent posts stay exact (product
  // rules 2.4, 15.28).
  const { costPerPost, total } = discountedAutoOrderCost(
    service.pricePer1000,
    input.perPost,
    input.posts,
    discountTenths,
  );
  const changed = refuseChangedPrice(total, input.expectedTotalCents);
  if (changed) return changed;

  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(autoOrders)
        .values({
          userId: input.userId,
          serviceId: service.id,
          targetUsername: username,
          likesPerPost: input.perPost,
          costPerPostCents: costPerPost,
          totalPosts: input.posts,
          remainingPosts: input.posts,
          deliverySpeed: input.deliverySpeed,
          idempotencyKey: input.idempotencyKey,
          createdByAdminId: input.createdByAdminId,
          delayMinutes: input.delayMinutes ?? 0,
          expiresOn: input.expiresOn ?? null,
          metadata: { ...orderOrigin(service, input), ...(input.viaApi ? { via_api: true } : {}) },
        })
        .onConflictDoNothing({ target: [autoOrders.userId, autoOrders.idempotencyKey] })
        .returning();
      if (!created) {
        const [first] = await tx
          .select()
          .from(autoOrders)
          .where(
            and(
              eq(autoOrders.userId, input.userId),
              eq(autoOrders.idempotencyKey, input.idempotencyKey ?? ""),
            ),
          );
        const [wallet] = await tx
          .select({ balanceCents: users.balanceCents })
          .from(users)
          .where(eq(users.id, input.userId));
        if (!first || !wallet) throw new Error("Idempotent replay found no auto order");
        return {
          ok: true as const,
          autoOrder: summary(first, service.name),
          balanceCents: wallet.balanceCents,
          replayed: true,
        };
      }
      const perPost = { serviceId: service.id, quantity: input.perPost, chargeCents: costPerPost };
      const discountHeld = discountHeldSql(input.userId, discountTenths);
      const charge = await postLedgerEntry(
        tx,
        {
          userId: input.userId,
          type: "purchase",
          amountCents: cents(-total),
          autoOrderId: created.id,
          adminId: input.createdByAdminId,
          metadata: { service_name: service.name, posts: input.posts, per_post: input.perPost },
        },
        sql`${chargeCoversCostSql(perPost)} and ${discountHeld}`,
      );
      if (!charge.posted) {
        if (!(await discountHolds(tx, input.userId, discountTenths))) throw new DiscountChanged();
        const floor = await tx.execute<{ holds: boolean }>(
          sql`select ${chargeCoversCostSql(perPost)} as holds`,
        );
        if (floor.rows[0]?.holds === false) throw new BelowCost();
        throw new InsufficientFunds(charge.balanceCents);
      }
      return {
        ok: true as const,
        autoOrder: summary(created, service.name),
        balanceCents: charge.balanceCents,
        replayed: false,
      };
    });
  } catch (error) {
    if (error instanceof DiscountChanged) return "discount_changed";
    if (error instanceof BelowCost)
      return refuse("unavailable", ORDER_TEXT.belowCost, { code: BELOW_COST, field: "serviceId" });
    if (error instanceof InsufficientFunds) {
      return refuse("insufficient_funds", insufficientBalance(total, error.balanceCents), {
        balanceCents: error.balanceCents,
        totalCents: total,
      });
    }
    throw error;
  }
}

function summary(row: typeof autoOrders.$inferSelect, serviceName: string): PlacedAutoOrder["autoOrder"] {
  return {
    id: row.id,
    apiId: row.apiId,
    totalPosts: row.totalPosts,
    remainingPosts: row.remainingPosts,
    costPerPostCents: row.costPerPostCents,
    totalCents: costOfPosts(row.costPerPostCents, row.totalPosts),
    serviceName: formatServiceName(serviceName),
  };
}
