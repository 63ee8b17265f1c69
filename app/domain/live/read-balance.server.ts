import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";

/** The wallet balance of one user right now, or null if the account is gone. */
export async function readBalance(db: Executor, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? row.balanceCents : null;
}
