/**
 * Customer spec section 8's failure texts that only show when a call fails underneath: each failure is caused
 * for real in this worker's own database (a role without a grant, a row the database rejects), then the text the
 * customer is shown is read from the component or the route's answer.
 */
import "../support/worker-database.ts";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TransactionList } from "../../app/components/wallet/transaction-list.tsx";
import { connect, db } from "../../app/db/client.server.ts";
import { accounts, mailOutbox } from "../../app/db/schema.ts";
import { auth } from "../../app/domain/accounts/auth.server.ts";
import { ACCOUNT_TEXT } from "../../app/domain/accounts/messages.ts";
import { requestPasswordReset } from "../../app/domain/accounts/passwords.server.ts";
import { DASHBOARD_TEXT } from "../../app/domain/dashboard/messages.ts";
import { readDashboard } from "../../app/domain/dashboard/read-dashboard.server.ts";
import { env } from "../../app/lib/env.server.ts";
import { action as profileAction } from "../../app/routes/_shop.profile/route.tsx";
import { createUser } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

describe("dashboard (section 8: 'Error loading data')", () => {
  const role = `boostly_no_ledger_${process.pid}`;
  afterEach(async () => {
    await db().execute(sql.raw(`drop owned by ${role}; drop role if exists ${role}`));
  });

  it("shows 'Error loading data' in the Transactions tab when the ledger cannot be read, and the rest still loads", async () => {
    const user = await createUser();
    // A database role that may read every table but the ledger: the transactions query fails for real.
    await db().execute(
      sql.raw(`create role ${role} nologin;
        grant usage on schema public to ${role};
        grant select on all tables in schema public to ${role};
        revoke select on transactions from ${role}`),
    );
    const restricted = connect(process.env.DATABASE_URL!, 1);
    try {
      await restricted.db.execute(sql.raw(`set role ${role}`));
      const dashboard = await readDashboard(restricted.db, user.id);
      expect(dashboard.transactions).toEqual({
        loaded: false,
        error: "Could not load your transactions. Please try again.",
      });
      expect(
        dashboard.orders.loaded &&
          dashboard.tickets.loaded &&
          dashboard.counts.loaded &&
          dashboard.packs.loaded,
      ).toBe(true);

      const html = renderToStaticMarkup(
        createElement(TransactionList, { transactions: dashboard.transactions, place: "dashboard" }),
      );
      expect(html).toContain(`<p class="font-semibold">${DASHBOARD_TEXT.loadError}</p>`);
      expect(html).toContain("Could not load your transactions. Please try again.");
      expect(html).toContain('role="alert"');
    } finally {
      await restricted.pool.end();
    }
  });
});

describe("profile passwords (section 8)", () => {
  const password = "old-pass-123";
  const origin = env().appUrl;

  /** A customer with a password, signed in through better-auth: the cookie a browser would send. */
  async function signedInCustomer() {
    const user = await createUser();
    await db()
      .insert(accounts)
      .values({
        userId: user.id,
        accountId: user.id,
        providerId: "credential",
        password: await hashPassword(password),
      });
    const cookie = await signIn(user.email, password);
    if (!cookie) throw new Error("sign-in failed");
    return { user, cookie };
  }

  async function signIn(email: string, secret: string): Promise<string | null> {
    const response = await auth().api.signInEmail({
      body: { email, password: secret },
      headers: new Headers({ origin }),
      asResponse: true,
    });
    if (!response.ok) return null;
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }

  function profilePost(cookie: string, form: Record<string, string>) {
    return new Request(`${origin}/profile`, {
      method: "POST",
      headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  }

  /** The profile action's answer (what its toast shows) and status. */
  async function answer(request: Request) {
    const result = (await profileAction({ request, params: {}, context: {} } as never)) as unknown as {
      data: { ok: boolean; error?: string };
      init: { status?: number } | null;
    };
    return { ...result.data, status: result.init?.status };
  }

  /** While it runs, the database refuses every new or changed row of `table` (a constraint not checked on old rows). */
  async function refusingWrites<T>(table: string, run: () => Promise<T>): Promise<T> {
    await db().execute(
      sql.raw(`alter table "${table}" add constraint failure_test_refuse check (false) not valid`),
    );
    try {
      return await run();
    } finally {
      await db().execute(sql.raw(`alter table "${table}" drop constraint failure_test_refuse`));
    }
  }

  it("answers 'Failed to send password reset email' when the reset link cannot be stored", async () => {
    const { user, cookie } = await signedInCustomer();
    const request = () => profilePost(cookie, { intent: "send-reset" });

    const direct = await refusingWrites("verifications", () => requestPasswordReset(request(), user.email));
    expect(direct).toEqual({ ok: false, kind: "failed", message: ACCOUNT_TEXT.resetFailed });

    const page = await refusingWrites("verifications", () => answer(request()));
    expect(page).toEqual({ ok: false, error: ACCOUNT_TEXT.resetFailed, status: 500 });
    const stored = await db().execute(
      sql`select count(*)::int as n from verifications where value = ${user.id}`,
    );
    expect(stored.rows[0]).toEqual({ n: 0 });
  });

  it("never fails a reset request on the mail: it is queued in the request, and SMTP is the mail worker's business", async () => {
    // Mail goes to the outbox in the request (docs/decisions/012); an SMTP failure is retried by the mail worker
    // (tests/integration/mail-retries.test.ts), so neither the profile nor the public page can see it.
    const { user, cookie } = await signedInCustomer();
    const page = await answer(profilePost(cookie, { intent: "send-reset" }));
    expect(page).toEqual({ ok: true, message: ACCOUNT_TEXT.resetSentTitle, status: undefined });
    const anonymous = new Request(`${origin}/forgot-password`, { method: "POST", headers: { origin } });
    expect(await requestPasswordReset(anonymous, user.email)).toEqual({ ok: true });
    const mails = await db()
      .select({ subject: mailOutbox.subject, state: mailOutbox.state })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email.toLowerCase()));
    // No SMTP_URL here: kept `local` for /dev/mailbox, as in development.
    expect(mails).toEqual([
      { subject: "Reset your Boostly password", state: "local" },
      { subject: "Reset your Boostly password", state: "local" },
    ]);
  });

  it("answers 'Failed to update password' when the new password cannot be stored, and the old one still works", async () => {
    const { user, cookie } = await signedInCustomer();
    const form = {
      intent: "change-password",
      currentPassword: password,
      newPassword: "new-pass-456",
      confirmPassword: "new-pass-456",
    };

    // The account row refuses the new hash (a constraint checked on every changed row).
    const page = await refusingWrites("accounts", () => answer(profilePost(cookie, form)));
    expect(page).toEqual({ ok: false, error: ACCOUNT_TEXT.passwordUpdateFailed, status: 500 });

    expect(await signIn(user.email, password)).not.toBeNull();
    expect(await signIn(user.email, "new-pass-456")).toBeNull();
  });
});
