import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { deposits, users } from "../../db/schema.ts";
import { env } from "../../lib/env.server.ts";
import { safeNextPath } from "../accounts/safe-next.ts";
import type { Cents } from "../pricing/cents.ts";
import { failed, type Refusal, rateLimited, refuse } from "../refusal.ts";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit.server.ts";
import { readSettings } from "../settings/read-settings.server.ts";
import { maximumDepositText, minimumDepositText } from "./deposit-limit-text.ts";
import { type DepositGateway, depositBonusCents, depositFeeCents, type GatewayName } from "./gateway.ts";
import { DEPOSIT_TEXT } from "./messages.ts";
import { enabledGateways } from "./payment-provider.server.ts";
import { depositReturnPaths } from "./return-urls.ts";

/** Deposit creation per user (product rules 10.5), before RATE_LIMIT_MULTIPLIER. */
export const DEPOSIT_RATE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 10 * 60 };

export type StartDepositInput = {
  userId: string;
  amountCents: Cents;
  /** The local page to return to after paying (the wallet's `next`), if any. */
  returnPath?: string | null;
  /** The gateway the customer chose on the wallet; the first enabled one when they had no choice. */
  gateway?: GatewayName | null;
};

/**
 * A started deposit, or why not (docs/decisions/017): `invalid` for an amount outside the limits (about the
 * `amount` field), `unavailable` in maintenance, `rate_limited`, `conflict` when no gateway that takes deposits is
 * enabled (or not the one asked for), or `failed` when no checkout could be opened.
 */
export type StartDepositResult = { ok: true; depositId: string; url: string } | Refusal;

const providerFailed = () => failed(DEPOSIT_TEXT.initiateFailed, { title: DEPOSIT_TEXT.errorTitle });

function invalidAmount(message: string): Refusal {
  return refuse("invalid", message, { title: DEPOSIT_TEXT.invalidAmountTitle, field: "amount" });
}

/**
 * Opens a hosted checkout for a wallet top-up: checks the admin settings (limits, maintenance) and the rate
 * limit, records a pending deposit, then asks the provider for a checkout (outside any transaction) and
 * returns its URL. No money moves here; only the provider's verified webhook credits the deposit.
 */
export async function startDeposit(
  db: Database,
  input: StartDepositInput,
  /** The gateways to choose from; the enabled ones when not given (a test passes its own). */
  given?: readonly DepositGateway[],
): Promise<StartDepositResult> {
  const settings = await readSettings(db);
  if (settings.maintenanceMode)
    return refuse("unavailable", DEPOSIT_TEXT.maintenance, { title: DEPOSIT_TEXT.maintenanceTitle });
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < settings.minDepositCents)
    return invalidAmount(minimumDepositText(settings.minDepositCents));
  if (input.amountCents > settings.maxDepositCents)
    return invalidAmount(maximumDepositText(settings.maxDepositCents));

  const limit = await hitRateLimit(db, `deposit:user:${input.userId}`, DEPOSIT_RATE_LIMIT);
  if (!limit.allowed) {
    return rateLimited(DEPOSIT_TEXT.rateLimited, limit.retryAfterSeconds, { title: DEPOSIT_TEXT.errorTitle });
  }

  const gateways = given ?? (await enabledGateways(db));
  const provider = input.gateway ? gateways.find((gateway) => gateway.name === input.gateway) : gateways[0];
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  if (!provider) {
    // Not a fault of the moment but the shop's setup (or a gateway that was turned off while the page was open):
    // said as it is, and told to the operator.
    console.warn(
      `deposit refused: no payment gateway ${input.gateway ?? ""} is enabled (docs/configuration.md)`,
    );
    return refuse("conflict", DEPOSIT_TEXT.notAvailable, { title: DEPOSIT_TEXT.errorTitle });
  }
  if (!user) return providerFailed();

  // The gateway's own limits narrow the shop's (product rules 16.39).
  const terms = provider.terms;
  if (terms?.minDepositCents && input.amountCents < terms.minDepositCents)
    return invalidAmount(minimumDepositText(terms.minDepositCents));
  if (terms?.maxDepositCents && input.amountCents > terms.maxDepositCents)
    return invalidAmount(maximumDepositText(terms.maxDepositCents));
  const feeCents = depositFeeCents(input.amountCents, terms);
  // Promised now, as the wallet stated it: a later change of the gateway's bonus does not change this deposit's.
  const bonusCents = depositBonusCents(input.amountCents, terms);

  const returnPath = input.returnPath ? safeNextPath(input.returnPath, "") || null : null;
  const returnPaths = depositReturnPaths(returnPath, provider.name);
  const [deposit] = await db
    .insert(deposits)
    .values({
      userId: input.userId,
      amountCents: input.amountCents,
      feeCents,
      bonusCents,
      provider: provider.name,
      status: "pending",
      returnPath,
    })
    .returning({ id: deposits.id });
  if (!deposit) return providerFailed();

  const origin = env().appUrl;
  try {
    const checkout = await provider.startPayment({
      depositId: deposit.id,
      // The gateway takes the amount and its fee; the wallet is credited the amount.
      amountCents: (input.amountCents + feeCents) as Cents,
      userEmail: user.email,
      successUrl: `${origin}${returnPaths.success}`,
      cancelUrl: `${origin}${returnPaths.cancel}`,
    });
    await db
      .update(deposits)
      .set({ providerReference: checkout.reference, updatedAt: sql`now()` })
      .where(eq(deposits.id, deposit.id));
    return { ok: true, depositId: deposit.id, url: checkout.url };
  } catch (error) {
    console.error(`deposit ${deposit.id}: the payment provider refused the checkout`, error);
    await db
      .update(deposits)
      .set({ status: "failed", updatedAt: sql`now()` })
      // Never over a deposit a webhook has settled meanwhile.
      .where(and(eq(deposits.id, deposit.id), eq(deposits.status, "pending")));
    return providerFailed();
  }
}
