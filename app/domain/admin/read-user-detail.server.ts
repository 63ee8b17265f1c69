import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";

export type AdminUserDetail = {
  id: string;
  email: string;
  balanceCents: number;
  createdAt: Date;
  emailVerified: boolean;
};

/** One account for the admin's user page, or null for an unknown (or malformed) id. */
export async function readUserDetail(db: Executor, userId: string): Promise<AdminUserDetail | null> {
  if (!isUuid(userId)) return null;
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
