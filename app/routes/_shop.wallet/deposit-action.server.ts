import { data, redirect } from "react-router";
import { safeNextPath } from "../../domain/accounts/safe-next.ts";
import { requireUser } from "../../domain/accounts/session.server.ts";
import { depositFormSchema, readDepositAmount } from "../../domain/payments/deposit-form.ts";
import { DEPOSIT_TEXT } from "../../domain/payments/messages.ts";
import { startDeposit } from "../../domain/payments/start-deposit.server.ts";
import { type Refusal, refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";

/** A refused deposit; `field` when the refusal is about the amount typed (shown beside the field too). */
export type DepositRefused = { ok: false; title: string; message: string; field?: "amount" };

/** The wallet's Add Funds form: a checkout for a valid amount (redirected to), or the refusal to show. */
export async function answerDepositForm(request: Request, database: Database) {
  const user = await requireUser(request);
  const form = depositFormSchema.safeParse(await readForm(request, depositFormSchema));
  if (!form.success)
    return answerRefusal(
      refuse("invalid", DEPOSIT_TEXT.notAnAmount, { title: DEPOSIT_TEXT.invalidAmountTitle }),
    );
  // The page's own reading of the amount; the limits are checked by startDeposit on fresh settings.
  const amount = readDepositAmount(form.data.amount);
  if (!amount.ok) return answerRefusal(amount);
  const started = await startDeposit(database, {
    userId: user.id,
    amountCents: amount.amountCents,
    returnPath: form.data.next ? safeNextPath(form.data.next, "") : null,
    gateway: form.data.gateway ?? null,
  });
  if (started.ok) return redirect(started.url);
  return answerRefusal(started);
}

/**
 * A refused deposit: the toast, and the message beside the amount field when it is about the amount. Refusals
 * the page explains answer 200 (no failed request in the console), a limit 429 with Retry-After (refusalAnswer);
 * the wallet has always answered maintenance 200 and a payment provider's fault 502 (docs/decisions/017); a deposit
 * when no gateway takes one answers 409.
 */
function answerRefusal(refusal: Refusal) {
  const answer = refusalAnswer(refusal);
  const field = answer.field === "amount" ? "amount" : undefined;
  const body: DepositRefused = { ok: false, title: answer.title ?? "", message: answer.message, field };
  if (refusal.kind === "unavailable") return data(body);
  // No gateway takes deposits (the page then offers none): the request asked for what the shop does not have.
  if (refusal.kind === "conflict") return data(body, { status: 409 });
  return data(body, refusal.kind === "failed" ? { status: 502 } : answer.init);
}
