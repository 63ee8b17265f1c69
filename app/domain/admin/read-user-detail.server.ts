import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";

export type AdminUserDetail = {
  id: string;
  email: string;
  balanceCents: number;
  createdAt: Date;
  emailVerified: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One account for the admin's user page, or null for an unknown (or malformed) id. */
export async function readUserDetail(db: Executor, userId: string): Promise<AdminUserDetail | null> {
  if (!UUID.test(userId)) return null;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      balanceCents: users.balanceCents,
      createdAt: users.createdAt,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
