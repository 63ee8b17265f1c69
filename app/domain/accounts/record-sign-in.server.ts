import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { accountLastSignIns } from "../../db/schema.ts";

/**
 * Notes a new session as the account's last sign-in, with the address the HTTP server resolved for it
 * (product rules 15.25): one upserted row per account.
 */
export async function recordSignIn(
  db: Executor,
  session: { userId: string; ipAddress?: string | null },
): Promise<void> {
  const ipAddress = session.ipAddress || null;
  await db
    .insert(accountLastSignIns)
    .values({ userId: session.userId, ipAddress })
    .onConflictDoUpdate({ target: accountLastSignIns.userId, set: { signedInAt: sql`now()`, ipAddress } });
}
