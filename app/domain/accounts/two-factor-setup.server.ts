import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { sessions } from "../../db/schema.ts";
import { failed, type Refusal, refuse } from "../refusal.ts";
import { auth } from "./auth.server.ts";
import { type AuthOutcome, runAuthCall } from "./auth-response.server.ts";
import { TWO_FACTOR_TEXT } from "./two-factor-text.ts";

export type TwoFactorSetup = {
  ok: true;
  /** The otpauth:// address an authenticator app reads (as a QR code or typed in). */
  totpUri: string;
  /** The same key as text, for typing into an app by hand. */
  secret: string;
  /** Shown once: each signs in once in place of a code (product rules 15.11). */
  backupCodes: string[];
};

/**
 * Starts two-factor for the signed-in account after its password: a new authenticator key and backup codes.
 * Nothing changes at sign-in until a first code confirms the key (confirmTwoFactorSetup).
 */
export async function startTwoFactorSetup(
  request: Request,
  password: string,
): Promise<TwoFactorSetup | Refusal> {
  const outcome = await runAuthCall(() =>
    auth().api.enableTwoFactor({ body: { password }, headers: request.headers, asResponse: true }),
  );
  if (!outcome.succeeded) return passwordRefusal(outcome, "enable");
  const totpUri = String(outcome.body?.totpURI ?? "");
  const backupCodes = (outcome.body?.backupCodes as string[] | undefined) ?? [];
  // The otpauth address carries the key in base32, the form authenticator apps take when typed in.
  const secret = /[?&]secret=([A-Z2-7]+)/.exec(totpUri)?.[1] ?? "";
  return { ok: true, totpUri, secret, backupCodes };
}

/**
 * Confirms the key with a first code: two-factor is on from then, and every other session of the account ends,
 * so each session left passed a second factor (product rules 15.12, 15.14).
 */
export async function confirmTwoFactorSetup(
  db: Executor,
  request: Request,
  code: string,
): Promise<{ ok: true; cookies: Headers } | Refusal> {
  const outcome = await runAuthCall(() =>
    auth().api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true }),
  );
  if (!outcome.succeeded) {
    if (outcome.status === 401 || outcome.status === 400)
      return refuse("invalid", TWO_FACTOR_TEXT.invalidCode, { field: "code" });
    console.error("two-factor confirmation failed", outcome.status, outcome.code, outcome.message);
    return failed("We could not turn on two-factor. Please try again.");
  }
  // better-auth has just replaced this session with a new one (the newest of the account): the others end.
  const userId = (outcome.body as { user?: { id?: string } } | null)?.user?.id;
  if (userId)
    await db
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          sql`${sessions.id} <> (select s.id from sessions s where s.user_id = ${userId} order by s.created_at desc limit 1)`,
        ),
      );
  return { ok: true, cookies: outcome.cookies };
}

/** Turns two-factor off after the password (product rules 15.13); the session is renewed. */
export async function turnOffTwoFactor(
  request: Request,
  password: string,
): Promise<{ ok: true; cookies: Headers } | Refusal> {
  const outcome = await runAuthCall(() =>
    auth().api.disableTwoFactor({ body: { password }, headers: request.headers, asResponse: true }),
  );
  if (!outcome.succeeded) return passwordRefusal(outcome, "disable");
  return { ok: true, cookies: outcome.cookies };
}

function passwordRefusal(outcome: AuthOutcome, step: string): Refusal {
  if (outcome.code === "INVALID_PASSWORD")
    return refuse("invalid", TWO_FACTOR_TEXT.wrongPassword, { field: "password" });
  console.error(`two-factor ${step} failed`, outcome.status, outcome.code, outcome.message);
  return failed("We could not change two-factor. Please try again.");
}
