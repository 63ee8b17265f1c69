import { z } from "zod";
import type { OrderRefused } from "../../components/order/use-order-flow.ts";
import type { PlacedAutoOrder } from "../../domain/auto-orders/place-auto-order.server.ts";
import { type Notice, ORDER_TEXT } from "../../domain/orders/messages.ts";
import { expectedTotalField } from "../../domain/orders/order-form-fields.ts";
import type { PlacedOrder } from "../../domain/orders/record-paid-order.server.ts";
import type { Refusal } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { formatCents } from "../../lib/format-money.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";

/**
 * The fields every order form sends: its one-time token (product rules 1.4: sending it twice places one order)
 * and the total it showed (product rules 1.2).
 */
export const orderFormFields = { idempotencyKey: z.uuid(), expectedTotalCents: expectedTotalField };

/**
 * The Delivery Speed radios (customer spec section 4). A post without a speed was offered no choice: it is sent
 * at once, as Fast (product rules 4.20); the radios themselves start at Normal.
 */
export const deliverySpeedField = z.enum(["slow", "normal", "fast"]).default("fast");

type Outcome = PlacedOrder | PlacedAutoOrder | Refusal;

/**
 * An order page's action once it knows the customer: reads the form with `schema` (readForm answers a body it
 * cannot take with a 400), refuses a form the schema does not parse with `malformed`, places the order with
 * `place` and answers its outcome: the dashboard with 'Order Placed Successfully' (an auto order: the dashboard's
 * auto orders tab), or the refusal's notice for the form. Every refusal is answered 200, as the order pages
 * always have: the form shows it, and the page's data reloads with a fresh token.
 */
export async function answerOrderForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  {
    malformed,
    place,
    autoOrderTitle = "Auto Order Created",
  }: {
    malformed: Notice;
    place: (form: z.output<Schema>) => Promise<Outcome>;
    /** The toast's title after an auto order (the /automatic-order page words it "Auto order created"). */
    autoOrderTitle?: string;
  },
): Promise<OrderRefused | Response> {
  const parsed = schema.safeParse(await readForm(request, schema));
  if (!parsed.success) return { notice: malformed, insufficient: false };
  const outcome = await place(parsed.data);
  if (!outcome.ok)
    return {
      notice: refusalAnswer(outcome).notice,
      insufficient: outcome.kind === "insufficient_funds",
      ...(outcome.field ? { field: outcome.field } : {}),
    };
  if ("order" in outcome) {
    const { order } = outcome;
    return redirectWithToast("/dashboard", {
      title: ORDER_TEXT.orderPlaced,
      description: `${order.orderNumber}: ${order.serviceName}, ${formatCents(order.totalCents)}`,
    });
  }
  const { autoOrder } = outcome;
  return redirectWithToast("/dashboard?tab=auto-orders", {
    title: autoOrderTitle,
    description: `${autoOrder.serviceName}: ${autoOrder.totalPosts} posts, ${formatCents(autoOrder.totalCents)}`,
  });
}
