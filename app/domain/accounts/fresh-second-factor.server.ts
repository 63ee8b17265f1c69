import { and, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { secondFactorConfirmations } from "../../db/schema.ts";
import { failed, type Refusal, rateLimited, refuse } from "../refusal.ts";
import { RATE_LIMIT_MESSAGE } from "../security/rate-limit.server.ts";
import { recordSignInOutcome, throttleSignIn } from "../security/sign-in-throttle.server.ts";
import {
  CODE_LOCK_SECONDS,
  checkTwoFactorCode,
  isCodeStepLocked,
  isWrongCode,
  typedCode,
} from "./two-factor-code.server.ts";
import { FRESH_CODE_MINUTES, SECOND_FACTOR_CODE_FIELD, TWO_FACTOR_TEXT } from "./two-factor-text.ts";

/** The refusal's code: the form shows its code field (the page's data may have said a code was not needed). */
export const CODE_NEEDED = "second_factor_needed";

/** The staff session a sensitive action runs in. */
export type StaffSession = { email: string; sessionId: string; sessionCreatedAt: Date };

function windowStart(now = Date.now()): Date {
  return new Date(now - FRESH_CODE_MINUTES * 60 * 1000);
}

/**
 * Whether this session passed a code within FRESH_CODE_MINUTES: at its sign-in (staff sign in with a code, 15.14)
 * or confirming a sensitive action since. What the pages read to show or hide the code field.
 */
export async function hasFreshSecondFactor(db: Executor, session: StaffSession): Promise<boolean> {
  if (session.sessionCreatedAt > windowStart()) return true;
  const [confirmed] = await db
    .select({ at: secondFactorConfirmations.confirmedAt })
    .from(secondFactorConfirmations)
    .where(
      and(
        eq(secondFactorConfirmations.sessionId, session.sessionId),
        gt(secondFactorConfirmations.confirmedAt, windowStart()),
      ),
    );
  return confirmed !== undefined;
}

/**
 * The check before a sensitive action (a balance moved by hand, a provider's key, a staff role: product rules
 * 15.35-15.37): nothing when the session passed a code recently; otherwise the code sent with the form, checked as
 * the sign-in's second step checks it (better-auth on this session, throttled like a password, 15.17) and recorded
 * so the next quarter of an hour asks for none. A refusal changes nothing: the action does not run.
 */
export async function confirmSensitiveAction(
  db: Executor,
  request: Request,
  session: StaffSession,
  code: string | undefined,
): Promise<Refusal | null> {
  if (await hasFreshSecondFactor(db, session)) return null;
  const given = typedCode(code);
  if (!given) return codeRefusal(TWO_FACTOR_TEXT.confirmNeeded);
  const throttled = await throttleSignIn(db, request, session.email);
  if (throttled) return rateLimited(RATE_LIMIT_MESSAGE, throttled.retryAfterSeconds);
  const outcome = await checkTwoFactorCode(request, given);
  if (outcome.succeeded) {
    await recordSignInOutcome(db, request, session.email, "succeeded");
    await db.execute(sql`
      insert into second_factor_confirmations (session_id, confirmed_at) values (${session.sessionId}, now())
      on conflict (session_id) do update set confirmed_at = excluded.confirmed_at`);
    return null;
  }
  if (isWrongCode(outcome)) {
    await recordSignInOutcome(db, request, session.email, "failed");
    return codeRefusal(TWO_FACTOR_TEXT.invalidCode);
  }
  if (isCodeStepLocked(outcome)) return rateLimited(RATE_LIMIT_MESSAGE, CODE_LOCK_SECONDS);
  console.error("second-factor confirmation failed", outcome.status, outcome.code, outcome.message);
  return failed("We could not check the code. Please try again.");
}

function codeRefusal(message: string): Refusal {
  return refuse(
    "forbidden",
    { title: TWO_FACTOR_TEXT.confirmTitle, message },
    {
      code: CODE_NEEDED,
      field: SECOND_FACTOR_CODE_FIELD,
      fieldErrors: { [SECOND_FACTOR_CODE_FIELD]: message },
    },
  );
}
