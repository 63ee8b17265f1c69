import { randomUUID } from "node:crypto";
import { db } from "../../app/db/client.server.ts";
import { users } from "../../app/db/schema.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";

/** A confirmed customer row for domain tests (no password: domain tests never sign in). */
export async function createUser(options: { email?: string } = {}) {
  const [user] = await db()
    .insert(users)
    .values({ email: options.email ?? `user-${randomUUID()}@example.test`, emailVerified: true })
    .returning();
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
  if (!result.ok) throw new Error("funding failed");
  return result.balanceCents;
}
