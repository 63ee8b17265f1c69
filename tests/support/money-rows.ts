import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "../../app/db/client.server.ts";
import { fulfilments, orders, providers, transactions, users } from "../../app/db/schema.ts";
import { cents } from "../../app/domain/pricing/cents.ts";

// Rows of money at chosen times, inserted as the shop would have written them (the money figures' tests): a
// provider, a ledger row with its balance change, an order with its purchase and one part sent.

export async function provider(name: string) {
  const [row] = await db()
    .insert(providers)
    .values({
      name,
      apiUrl: `https://${randomUUID()}.example.test/api/v2`,
      apiKeyEncrypted: "x",
      apiKeyHint: "x",
    })
    .returning();
  return row!.id;
}

/** A ledger row, and the customer's balance moved by it (balance == sum(ledger) holds). */
export async function ledger(
  userId: string,
  row: { type: "deposit" | "purchase" | "refund" | "bonus"; amountCents: number; at: Date; orderId?: string },
) {
  await db()
    .insert(transactions)
    .values({
      userId,
      type: row.type,
      amountCents: cents(row.amountCents),
      orderId: row.orderId,
      createdAt: row.at,
    });
  await db()
    .update(users)
    .set({ balanceCents: sql`${users.balanceCents} + ${row.amountCents}` })
    .where(eq(users.id, userId));
}

/** An order charged `totalCents` at `placed`, with its one part sent to `providerId` a minute later. */
export async function order(input: {
  userId: string;
  link?: string;
  serviceId: string;
  totalCents: number;
  placed: Date;
  providerId: string;
  part: Partial<typeof fulfilments.$inferInsert>;
}) {
  const [placed] = await db()
    .insert(orders)
    .values({
      userId: input.userId,
      serviceId: input.serviceId,
      quantity: 1_000,
      targetLink: input.link ?? "https://www.instagram.com/p/Money1/",
      totalCents: cents(input.totalCents),
      delivery: "provider",
      status: "completed",
      createdAt: input.placed,
    })
    .returning();
  await ledger(input.userId, {
    type: "purchase",
    amountCents: -input.totalCents,
    at: input.placed,
    orderId: placed!.id,
  });
  await db()
    .insert(fulfilments)
    .values({
      orderId: placed!.id,
      providerId: input.providerId,
      providerServiceId: "1",
      link: input.link ?? "https://www.instagram.com/p/Money1/",
      quantity: 1_000,
      chargeCents: cents(input.totalCents),
      idempotencyKey: randomUUID(),
      providerOrderId: randomUUID(),
      state: "done",
      outcome: "completed",
      submittedAt: new Date(input.placed.getTime() + 60_000),
      ...input.part,
    });
  return placed!.id;
}
