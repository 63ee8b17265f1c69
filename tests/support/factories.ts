import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "../../app/db/client.server.ts";
import { services, userRoles, users } from "../../app/db/schema.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";

/**
 * A confirmed user row for domain tests (no password: domain tests never sign in): a customer, or an admin
 * with `admin: true`; `fundsCents` credits its wallet through the ledger, as `fundWallet` does.
 */
export async function createUser(options: { email?: string; admin?: boolean; fundsCents?: number } = {}) {
  const [user] = await db()
    .insert(users)
    .values({ email: options.email ?? `user-${randomUUID()}@example.test`, emailVerified: true })
    .returning();
  if (options.admin) await db().insert(userRoles).values({ userId: user!.id, role: "admin" });
  if (options.fundsCents) await fundWallet(user!.id, options.fundsCents);
  return user!;
}

/** Credits a wallet through the ledger, as an admin adjustment would (so balance == sum(ledger) holds). */
export async function fundWallet(userId: string, amountCents: number) {
  const result = await db().transaction((tx) =>
    postLedgerEntry(tx, {
      userId,
      type: "adjustment",
      amountCents: cents(amountCents),
      metadata: { reason: "test funding" },
    }),
  );
  if (!result.posted) throw new Error("funding failed");
  return result.balanceCents;
}

/** A wallet's balance in cents, as stored on the user's row. */
export async function balanceOf(userId: string): Promise<number> {
  const [row] = await db().select({ balance: users.balanceCents }).from(users).where(eq(users.id, userId));
  return row!.balance;
}

/** The id of a seeded service, by its name ("Instagram Likes"). */
export async function serviceId(name: string): Promise<string> {
  const [row] = await db().select({ id: services.id }).from(services).where(eq(services.name, name));
  return row!.id;
}

/** A seeded service, by its slug ("instagram-likes"). */
export async function serviceBySlug(slug: string) {
  const [service] = await db().select().from(services).where(eq(services.slug, slug));
  if (!service) throw new Error(`no seeded service ${slug}`);
  return service;
}

/** A paid order of 150 Instagram Likes ($0.60) on `targetLink`, from a wallet that affords it; the order placed. */
export async function placeLikesOrder(userId: string, targetLink: string) {
  const placed = await placeOrder(db(), {
    userId,
    serviceId: (await serviceBySlug("instagram-likes")).id,
    quantity: 150,
    targetLink,
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return placed.order;
}
