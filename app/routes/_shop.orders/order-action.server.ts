import { data } from "react-router";
import { z } from "zod";
import { cancelOrder } from "../../domain/orders/cancel-order.server.ts";
import { CANCEL_TEXT } from "../../domain/orders/cancel-rules.ts";
import { cancelledOutcome, ORDERS_PAGE_TEXT } from "../../domain/orders/orders-page-text.ts";
import { REFILL_TEXT } from "../../domain/refills/refill-rules.ts";
import { requestRefill } from "../../domain/refills/request-refill.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";

const orderActionForm = z.object({
  intent: z.enum(["cancel", "refill"]),
  orderId: z.string().trim().min(1).max(64),
});

/** What the page shows beside the order when its Cancel or Refill was refused: the domain's own words. */
export type OrderActionRefused = { intent: "cancel" | "refill"; orderId: string; message: string };

/** The list the customer was on (its page, search and filter), to come back to after the change. */
function backTo(request: Request): string {
  const params = new URL(request.url).searchParams;
  params.delete("index");
  params.delete("_routes");
  const search = params.toString();
  return search ? `/orders?${search}` : "/orders";
}

/**
 * The /orders action: intent=cancel asks cancelOrder (the API's rules, product rules 4.4), intent=refill asks
 * requestRefill (product rules 4.7). Done: back to the same list with the outcome as a toast. Refused: the
 * refusal's message beside the order (refusalAnswer's status), nothing changed.
 */
export async function answerOrderAction(
  request: Request,
  db: Database,
  userId: string,
): Promise<Response | ReturnType<typeof data<OrderActionRefused>>> {
  const parsed = orderActionForm.safeParse(await readForm(request, orderActionForm));
  if (!parsed.success)
    return data(
      { intent: "cancel" as const, orderId: "", message: ORDERS_PAGE_TEXT.unknownAction },
      { status: 400 },
    );
  const { intent, orderId } = parsed.data;
  const back = backTo(request);
  if (intent === "cancel") {
    const cancelled = await cancelOrder(db, { orderId, by: { customerId: userId } });
    if (!cancelled.ok) return refused(intent, orderId, cancelled);
    if (cancelled.outcome === "requested")
      return redirectWithToast(back, {
        title: CANCEL_TEXT.requested,
        description: CANCEL_TEXT.requestedNote,
      });
    return redirectWithToast(back, {
      title: ORDERS_PAGE_TEXT.cancelledTitle,
      description: cancelledOutcome(cancelled.refundCents),
    });
  }
  const requested = await requestRefill(db, { userId, orderId });
  if (!requested.ok) return refused(intent, orderId, requested);
  return redirectWithToast(back, { title: REFILL_TEXT.requested });
}

function refused(
  intent: OrderActionRefused["intent"],
  orderId: string,
  refusal: Parameters<typeof refusalAnswer>[0],
) {
  const answer = refusalAnswer(refusal);
  return data<OrderActionRefused>({ intent, orderId, message: answer.message }, answer.init);
}
