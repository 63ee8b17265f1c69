import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { likesPacks } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";

export type LikesPack = typeof likesPacks.$inferSelect;

/** A Real Instagram Likes pack by code (small, big, ultima), or null. */
export async function findLikesPack(db: Executor, code: string): Promise<LikesPack | null> {
  const [pack] = await db.select().from(likesPacks).where(eq(likesPacks.code, code));
  return pack ?? null;
}

/** A likes pack by its id, or null (unknown and malformed ids alike). */
export async function findLikesPackById(db: Executor, packId: string): Promise<LikesPack | null> {
  if (!isUuid(packId)) return null;
  const [pack] = await db.select().from(likesPacks).where(eq(likesPacks.id, packId));
  return pack ?? null;
}

/** A likes pack by its integer API id (the reseller API's Package type), or null. */
export async function findLikesPackByApiId(db: Executor, apiId: number): Promise<LikesPack | null> {
  const [pack] = await db.select().from(likesPacks).where(eq(likesPacks.apiId, apiId));
  return pack ?? null;
}
