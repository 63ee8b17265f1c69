import type { Executor } from "../../db/client.server.ts";
import { contactMessages } from "../../db/schema.ts";
import { type Refusal, rateLimited } from "../refusal.ts";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit.server.ts";
import { CONTACT_TEXT, parseContactForm } from "./contact-form.ts";

/** Messages one client may send in a window (product rules 10.5: the contact form is rate-limited). */
export const CONTACT_RATE_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 10 * 60 };

export type ContactSent = { ok: true; id: string };

/**
 * Stores a message from the public contact form for the admins to read. The form is validated first (an
 * invalid form stores nothing and does not use up the sender's attempts), then counted against the sender's
 * rate limit: by client address when known, else by e-mail address.
 */
export async function sendContactMessage(
  db: Executor,
  values: Record<string, unknown>,
  sender: { clientIp: string | null },
): Promise<ContactSent | Refusal> {
  // An invalid form's refusal says what is wrong with each field it is about (its fieldErrors).
  const parsed = parseContactForm(values);
  if (!parsed.ok) return parsed;
  const input = parsed.data;

  const key = sender.clientIp
    ? `contact:ip:${sender.clientIp}`
    : `contact:email:${input.email.toLowerCase()}`;
  const limit = await hitRateLimit(db, key, CONTACT_RATE_LIMIT);
  if (!limit.allowed) return rateLimited(CONTACT_TEXT.tooMany, limit.retryAfterSeconds);

  const [stored] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email, subject: input.subject, message: input.message })
    .returning({ id: contactMessages.id });
  if (!stored) throw new Error("The contact message was not stored");
  return { ok: true, id: stored.id };
}
