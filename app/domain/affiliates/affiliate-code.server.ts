import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { affiliates } from "../../db/schema.ts";
import { CODE_ALPHABET, CODE_LENGTH } from "./affiliate-rules.ts";

function newCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * The code of a customer's referral link, made on the first ask. 31^8 codes make a guessed one hit an
 * affiliate rarely, and a clash with an existing code (unique in the database) draws again.
 */
export async function affiliateCodeOf(db: Executor, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db
      .select({ code: affiliates.code })
      .from(affiliates)
      .where(eq(affiliates.userId, userId));
    if (existing) return existing.code;
    // A race of two first asks: the second's insert does nothing (same user) and the next round reads the first's.
    const inserted = await db
      .insert(affiliates)
      .values({ userId, code: newCode() })
      .onConflictDoNothing()
      .returning({ code: affiliates.code });
    if (inserted[0]) return inserted[0].code;
  }
  throw new Error(`No affiliate code could be made for user ${userId}`);
}
