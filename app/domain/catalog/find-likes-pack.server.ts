import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { likesPacks } from "../../db/schema.ts";

export type LikesPack = typeof likesPacks.$inferSelect;

/** A Real Instagram Likes pack by code (small, big, ultima), or null. */
export async function findLikesPack(db: Executor, code: string): Promise<LikesPack | null> {
  const [pack] = await db.select().from(likesPacks).where(eq(likesPacks.code, code));
  return pack ?? null;
}
