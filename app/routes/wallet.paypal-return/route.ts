import { data, redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "../../domain/accounts/session.server.ts";
import type { CaptureOutcome } from "../../domain/payments/capture-approved-payment.server.ts";
import { finishPaypalReturn } from "../../domain/payments/finish-paypal-return.server.ts";
import { DEPOSIT_TEXT } from "../../domain/payments/messages.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { redirectWithToast, type Toast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";

/** PayPal's order id, as PayPal appends it to the return address (`?token=...&PayerID=...`). */
const returnQuery = z.object({ token: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });

/** The toast for each outcome but a paid one (the wallet's own "Payment Successful!" greets that). */
const TOASTS: Record<Exclude<CaptureOutcome, "paid">, Toast> = {
  declined: {
    title: DEPOSIT_TEXT.declinedTitle,
    description: DEPOSIT_TEXT.paypalDeclined,
    variant: "destructive",
  },
  pending: { title: DEPOSIT_TEXT.pendingTitle, description: DEPOSIT_TEXT.pending },
  unavailable: {
    title: DEPOSIT_TEXT.notConfirmedTitle,
    description: DEPOSIT_TEXT.notConfirmed,
    variant: "destructive",
  },
  not_confirmed: {
    title: DEPOSIT_TEXT.notConfirmedTitle,
    description: DEPOSIT_TEXT.notConfirmed,
    variant: "destructive",
  },
};

/**
 * /wallet/paypal-return?token=<order id>: PayPal sends the browser here (a GET) after the customer approved the
 * deposit's order, so the capture happens on arrival (product rules 16.43): only the signed-in customer's own
 * pending deposit, once however often the address is opened, and the money still moves only through the
 * capture's verified answer. 404 when PayPal is not enabled.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const query = returnQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const answer = query.success
    ? await finishPaypalReturn(shopDatabase(context), { userId: user.id, orderId: query.data.token })
    : { outcome: "not_confirmed" as const, successPath: "/wallet", cancelPath: "/wallet" };
  if (!answer) throw data(null, { status: 404 });
  if (answer.outcome === "paid") return redirect(answer.successPath);
  return redirectWithToast(answer.cancelPath, TOASTS[answer.outcome]);
}
