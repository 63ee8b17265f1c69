import { data } from "react-router";
import { requireUser } from "../../domain/accounts/session.server.ts";
import { claimManualDeposit } from "../../domain/payments/claim-manual-deposit.server.ts";
import { listCustomerClaims } from "../../domain/payments/list-manual-claims.server.ts";
import { listManualMethods } from "../../domain/payments/list-manual-methods.server.ts";
import { manualClaimForm } from "../../domain/payments/manual-deposit-forms.ts";
import { MANUAL_DEPOSIT_TEXT } from "../../domain/payments/manual-deposit-text.ts";
import { issuesByField, type Refusal, refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { readSettings } from "../../domain/settings/read-settings.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import type { Route } from "./+types/route";

/**
 * The wallet's manual deposits (product rules 16.51-16.53, docs/decisions/059), read by its own component so the
 * wallet page only renders it: the enabled methods with their instructions and the amounts they take, and the
 * customer's claims with their state and a rejection's reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = shopDatabase(context);
  const [methods, claims, settings] = await Promise.all([
    listManualMethods(db, { enabledOnly: true }),
    listCustomerClaims(db, user.id),
    readSettings(db),
  ]);
  return {
    // The amounts a claim may have: the shop's deposit limits (product rules 6.3) and the method's.
    methods: methods.map((method) => ({
      id: method.id,
      name: method.name,
      instructions: method.instructions,
      minCents: Math.max(method.minCents, settings.minDepositCents),
      maxCents: Math.min(method.maxCents, settings.maxDepositCents),
    })),
    claims: claims.map((claim) => ({
      depositId: claim.depositId,
      methodName: claim.methodName,
      amountCents: claim.amountCents,
      reference: claim.reference,
      status: claim.status,
      claimedAt: claim.claimedAt.toISOString(),
      reason: claim.reason,
    })),
  };
}

/** A claim: recorded pending, or refused with the message beside the field at fault (or a toast). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = manualClaimForm.safeParse(await readForm(request, manualClaimForm));
  const made = parsed.success
    ? await claimManualDeposit(shopDatabase(context), { userId: user.id, ...parsed.data })
    : refused(issuesByField(parsed.error));
  if (made.ok)
    return {
      ok: true as const,
      notice: {
        title: MANUAL_DEPOSIT_TEXT.claimTitle,
        message: MANUAL_DEPOSIT_TEXT.claimed(made.amountCents, made.methodName),
      },
    };
  const answer = refusalAnswer(made);
  const fieldErrors = made.fieldErrors ?? (made.field ? { [made.field]: made.message } : {});
  return data({ ok: false as const, notice: answer.notice, fieldErrors }, answer.init);
}

function refused(fieldErrors: Record<string, string>): Refusal {
  const [field, message = MANUAL_DEPOSIT_TEXT.method] = Object.entries(fieldErrors)[0] ?? [];
  return refuse("invalid", message, { title: MANUAL_DEPOSIT_TEXT.refusedTitle, field, fieldErrors });
}
