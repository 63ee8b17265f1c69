import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { type Database, db } from "../../app/db/client.server.ts";
import { twoFactors, users } from "../../app/db/schema.ts";
import { TEST_AUTH_SECRET } from "./constants.ts";

/** The authenticator key of each account this test process turned two-factor on for, by e-mail. */
const keys = new Map<string, string>();

/** The code an authenticator app shows now for a key (the otpauth address's base32 `secret`). */
export async function totpCode(base32Secret: string): Promise<string> {
  return createOTP(base32.decode(base32Secret)).totp();
}

/** The base32 key inside an otpauth:// address. */
export function secretOfTotpUri(uri: string): string {
  return new URL(uri).searchParams.get("secret") ?? "";
}

/**
 * Turns two-factor on for an account as a confirmed setup on /profile leaves it (admins must have it, product
 * rules 15.14): the key and backup codes encrypted with the auth secret, as better-auth stores them. Returns the
 * key (base32) and the backup codes; the sign-in helpers answer the code step with the key.
 */
export async function enableTwoFactor(account: { id: string; email: string }, database: Database = db()) {
  const raw = Array.from(
    { length: 32 },
    () => "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(Math.random() * 36)],
  ).join("");
  const backupCodes = Array.from({ length: 10 }, (_, index) => `backu-${String(index).padStart(5, "0")}`);
  await database.insert(twoFactors).values({
    userId: account.id,
    secret: await symmetricEncrypt({ key: TEST_AUTH_SECRET, data: raw }),
    backupCodes: await symmetricEncrypt({ key: TEST_AUTH_SECRET, data: JSON.stringify(backupCodes) }),
    verified: true,
  });
  await database.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, account.id));
  const secret = base32.encode(new TextEncoder().encode(raw), { padding: false });
  keys.set(account.email.toLowerCase(), secret);
  return { secret, backupCodes };
}

/** The code to answer an account's sign-in step with now, or null when this process did not set its key. */
export async function signInCodeFor(email: string): Promise<string | null> {
  const secret = keys.get(email.toLowerCase());
  return secret ? totpCode(secret) : null;
}
