import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { db } from "../../db/client.server.ts";
import * as schema from "../../db/schema.ts";
import { env } from "../../lib/env.server.ts";
import { attributeNewAccount } from "../affiliates/attribute-sign-up.server.ts";
import { queueAccountMail } from "../mail/queue-account-mail.server.ts";
import { confirmationMail, passwordResetMail } from "../mail/templates.ts";
import { CLIENT_IP_HEADER } from "../security/rate-limit.server.ts";
import { creditNewUserBonus } from "../wallet/credit-new-user-bonus.server.ts";
import { CUSTOMER_MIN_PASSWORD_LENGTH } from "./password-rules.ts";
import { recordSignIn } from "./record-sign-in.server.ts";
import { grantAdminIfListed } from "./roles.server.ts";
import { safeNextPath } from "./safe-next.ts";
import { refuseSessionIfSuspended } from "./suspended-sign-in.server.ts";

/** Sessions last 30 days and slide forward once a day of use (read by our fast session lookup too). */
export const SESSION_POLICY = {
  expiresInSeconds: 60 * 60 * 24 * 30,
  updateAgeSeconds: 60 * 60 * 24,
} as const;

function createAuth() {
  const config = env();
  return betterAuth({
    appName: "Boostly",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db(), {
      provider: "pg",
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
        twoFactors: schema.twoFactors,
      },
    }),
    user: { modelName: "users" },
    session: {
      modelName: "sessions",
      expiresIn: SESSION_POLICY.expiresInSeconds,
      updateAge: SESSION_POLICY.updateAgeSeconds,
    },
    account: { modelName: "accounts" },
    verification: { modelName: "verifications" },
    // A suspended account gets no session, however it signs in (product rules 15.20).
    databaseHooks: {
      // A sign-up through a referral link is given to its affiliate once (docs/decisions/056).
      user: { create: { after: (user, context) => attributeNewAccount(db(), user.id, context?.headers) } },
      session: {
        create: {
          before: (session) => refuseSessionIfSuspended(db(), session.userId),
          // The user page's last sign-in (product rules 15.25), kept after the session ends.
          after: (session) => recordSignIn(db(), session),
        },
      },
    },
    // TOTP with backup codes for every account, required of staff (product rules 15.10-15.19, docs/decisions/051).
    // Nothing is remembered per device: each sign-in of an account with two-factor asks for a code.
    plugins: [
      twoFactor({
        issuer: "Boostly",
        twoFactorTable: "twoFactors",
      }),
    ],
    // Our own PostgreSQL-backed limiter guards sign-in, sign-up and reset (shared by every server).
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: "uuid" },
      // A session records the address the HTTP server resolved (never a client's own X-Forwarded-For): sign-in
      // throttling treats an address the account signed in from as known (docs/decisions/013).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.isProduction },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: CUSTOMER_MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Mail hooks only queue (docs/decisions/012): no SMTP in the request, so the answer takes the same time
      // whether or not the address has an account, and a dead SMTP server delays mail instead of losing it.
      async sendResetPassword({ user, token }) {
        const url = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await queueAccountMail(db(), passwordResetMail(user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unconfirmed account that signs in with the right password gets a fresh link (product rules 5.1).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, token, url: authUrl }) {
        // Our own landing page verifies the token, so it can show the spec's processing, success and error states.
        // The sign-up's callbackURL is the page to return to (`next`, e.g. a remembered order); only local paths are kept.
        const callback = new URL(authUrl).searchParams.get("callbackURL") ?? "/";
        const next = safeNextPath(callback, "/");
        const url = `${config.appUrl}/auth/confirm?token=${encodeURIComponent(token)}&type=signup${
          next === "/" ? "" : `&next=${encodeURIComponent(next)}`
        }`;
        await queueAccountMail(db(), confirmationMail(user.email, url));
      },
      // The new-user bonus (product rules 7.3) is credited as the confirmation is accepted, just before
      // better-auth marks the address confirmed: if crediting fails, nothing is marked and the same link
      // works again; if the process dies in between, the next click confirms and creditNewUserBonus (at most
      // once per account) skips it. After the mark, a failure would be lost: a second click is "already used".
      async beforeEmailVerification(user) {
        await creditNewUserBonus(db(), user.id);
      },
      async afterEmailVerification(user) {
        await grantAdminIfListed(db(), user.email, config.adminEmails);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalKey = Symbol.for("boostly.auth");
const holder = globalThis as unknown as { [globalKey]?: Auth };

/** The better-auth instance of this process (sessions and tokens live in PostgreSQL). */
export function auth(): Auth {
  holder[globalKey] ??= createAuth();
  return holder[globalKey];
}
