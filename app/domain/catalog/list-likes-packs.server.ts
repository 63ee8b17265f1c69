import { asc } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { likesPacks } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";

export type LikesPackSummary = {
  code: string;
  /** The pack's integer id in the reseller API (its Package type). */
  apiId: number;
  name: string;
  likes: number;
  priceCents: Cents;
  features: string[];
};

/** The Real Instagram Likes packs with their one price (product rules 3.3), smallest first. */
export async function listLikesPacks(db: Executor): Promise<LikesPackSummary[]> {
  return db
    .select({
      code: likesPacks.code,
      apiId: likesPacks.apiId,
      name: likesPacks.name,
      likes: likesPacks.likes,
      priceCents: likesPacks.priceCents,
      features: likesPacks.features,
    })
    .from(likesPacks)
    .orderBy(asc(likesPacks.sortOrder), asc(likesPacks.likes));
}
