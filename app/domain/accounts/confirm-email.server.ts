import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { auth } from "../../lib/auth.server.ts";
import { creditNewUserBonus } from "../wallet/credit-new-user-bonus.server.ts";
import { runAuthCall } from "./auth-response.server.ts";

export type ConfirmResult = { ok: true; signedIn: boolean; cookies: Headers } | { ok: false };

const tokenPayload = z.object({ email: z.email() });

/** The address a confirmation token names (read only after better-auth has verified its signature). */
function confirmedAddress(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return tokenPayload.parse(payload).email.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Confirms an address from the link's token. A first confirmation signs the account in (a new session),
 * for addresses in ADMIN_EMAILS grants the admin role (auth.server.ts afterEmailVerification), and credits
 * the new-user bonus once. A link for an address that is already confirmed counts as used.
 */
export async function confirmEmail(request: Request, token: string): Promise<ConfirmResult> {
  const outcome = await runAuthCall(() =>
    auth().api.verifyEmail({ query: { token }, headers: request.headers, asResponse: true }),
  );
  // better-auth answers {status: true} for an address that was confirmed before, without a session;
  // a first confirmation always sets the new session's cookie (autoSignInAfterVerification).
  const firstConfirmation = outcome.ok && outcome.cookies.getSetCookie().length > 0;
  if (!firstConfirmation) return { ok: false };
  await creditBonusFor(confirmedAddress(token));
  return { ok: true, signedIn: true, cookies: outcome.cookies };
}

/** The bonus must never cost the customer their confirmation: a failure is logged for the operator. */
async function creditBonusFor(email: string | null): Promise<void> {
  if (!email) return;
  try {
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (user) await creditNewUserBonus(db(), user.id);
  } catch (error) {
    console.error(`new-user bonus for ${email} failed`, error);
  }
}
