import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { deposits, users } from "../../db/schema.ts";
import { env } from "../../lib/env.server.ts";
import type { Cents } from "../pricing/cents.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { DEPOSIT_TEXT } from "./messages.ts";
import { receivePaymentWebhook } from "./receive-webhook.server.ts";
import { depositReturnPaths } from "./return-urls.ts";
import { sandboxProvider } from "./sandbox-provider.server.ts";
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxWebhookSecret,
  signWebhookBody,
} from "./webhook-signature.server.ts";

export type SandboxCheckout = {
  depositId: string;
  amountCents: Cents;
  email: string;
  status: "pending" | "completed" | "failed" | "expired";
  successPath: string;
  cancelPath: string;
};

/** The customer's own sandbox deposit, or null (someone else's, unknown, or not a sandbox deposit). */
export async function readSandboxCheckout(
  db: Database,
  input: { userId: string; depositId: string },
): Promise<SandboxCheckout | null> {
  const [row] = await db
    .select({
      depositId: deposits.id,
      amountCents: deposits.amountCents,
      status: deposits.status,
      returnPath: deposits.returnPath,
      provider: deposits.provider,
      email: users.email,
    })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(and(eq(deposits.id, input.depositId), eq(deposits.userId, input.userId)));
  if (row?.provider !== "sandbox") return null;
  const paths = depositReturnPaths(row.returnPath);
  return {
    depositId: row.depositId,
    amountCents: row.amountCents,
    email: row.email,
    status: row.status,
    successPath: paths.success,
    cancelPath: paths.cancel,
  };
}

/** The event the sandbox sends, shaped like Stripe's checkout.session events. */
function sandboxEvent(
  deposit: { id: string; amountCents: Cents; providerReference: string; email: string },
  outcome: "pay" | "decline",
) {
  const paid = outcome === "pay";
  return {
    id: `evt_sandbox_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    // A decline is Stripe's failed payment (the deposit becomes `failed`); `expired` is left to a checkout let lapse.
    type: paid ? "checkout.session.completed" : "checkout.session.async_payment_failed",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: deposit.providerReference,
        object: "checkout.session",
        amount_total: deposit.amountCents,
        currency: "usd",
        customer_email: deposit.email,
        payment_status: paid ? "paid" : "unpaid",
        status: "complete",
        metadata: { deposit_id: deposit.id },
      },
    },
  };
}

/** Delivers a signed body to our own webhook endpoint; in-process through the same handler if HTTP fails. */
async function deliver(db: Database, rawBody: string): Promise<boolean> {
  const signature = signWebhookBody(rawBody, sandboxWebhookSecret(env().authSecret));
  try {
    const response = await fetch(`${env().appUrl}/api/webhooks/sandbox`, {
      method: "POST",
      headers: { "Content-Type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signature },
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok;
  } catch (error) {
    // APP_URL may not reach this process (a proxy in front, another host): the same verified path, in-process.
    console.warn(`sandbox webhook over HTTP failed (${(error as Error).message}); delivering in-process`);
    const headers = new Headers({ [SANDBOX_SIGNATURE_HEADER]: signature });
    const answer = await receivePaymentWebhook(db, sandboxProvider(), rawBody, headers);
    return answer.status === 200;
  }
}

/**
 * The outcome the customer chose, or a refusal titled 'Payment not confirmed': `not_found` (not their sandbox
 * deposit) or `failed` (the event could not be delivered).
 */
export type SandboxResult = { ok: true; outcome: "paid" | "declined" } | Refusal;

function notConfirmed(kind: "not_found" | "failed"): Refusal {
  return refuse(kind, DEPOSIT_TEXT.notConfirmed, { title: DEPOSIT_TEXT.notConfirmedTitle });
}

/**
 * The sandbox's Pay / Decline: never credits directly. It builds the provider's event for this deposit and
 * delivers it, signed, to /api/webhooks/sandbox, where the real webhook handler verifies and applies it.
 */
export async function completeSandboxCheckout(
  db: Database,
  input: { userId: string; depositId: string; outcome: "pay" | "decline" },
): Promise<SandboxResult> {
  const [deposit] = await db
    .select({
      id: deposits.id,
      amountCents: deposits.amountCents,
      providerReference: deposits.providerReference,
      provider: deposits.provider,
      status: deposits.status,
      email: users.email,
    })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(and(eq(deposits.id, input.depositId), eq(deposits.userId, input.userId)));
  if (deposit?.provider !== "sandbox" || !deposit.providerReference) {
    return notConfirmed("not_found");
  }
  // A second click after the payment went through: the money is there, show the same happy ending.
  if (deposit.status === "completed") return { ok: true, outcome: "paid" };
  if (deposit.status !== "pending") return { ok: true, outcome: "declined" };

  const event = sandboxEvent({ ...deposit, providerReference: deposit.providerReference }, input.outcome);
  const delivered = await deliver(db, JSON.stringify(event));
  if (!delivered) return notConfirmed("failed");
  return { ok: true, outcome: input.outcome === "pay" ? "paid" : "declined" };
}
