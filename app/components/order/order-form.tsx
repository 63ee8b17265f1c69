import type { ReactNode } from "react";
import { Form } from "react-router";
import type { Notice } from "../../domain/orders/messages.ts";
import { useLiveBalance } from "../../lib/live/live-balance.tsx";
import { PlaceOrderButton } from "./order-page-header.tsx";
import { InsufficientFundsAlert, OrderSummary, RefusalNotice, type SummaryLine } from "./order-summary.tsx";
import type { FieldProblem, OrderFlow, OrderRefused } from "./use-order-flow.ts";

/**
 * The form of an order page (/order/...): the page's own fields (`children`), then what every order form sends
 * and shows: its token and total (OrderTokenFields), the price and the live balance, the wallet detour when the
 * balance is short, the server's last refusal and Place Order. On submit the page's `check` runs first; its
 * notice stops the form with a toast.
 */
export function OrderForm({
  flow,
  idempotencyKey,
  totalCents,
  lines,
  balanceCents: loadedBalanceCents,
  refusal,
  check,
  canSend,
  discountTenths = 0,
  children,
}: {
  flow: OrderFlow;
  idempotencyKey: string;
  /** The total of exactly what will be sent, or null while the form does not hold an order. */
  totalCents: number | null;
  lines?: SummaryLine[];
  /** The balance the loader read; followed live from here on. */
  balanceCents: number;
  refusal: OrderRefused | undefined;
  /** A notice stops the form with its toast; a field problem with the message beside that field. */
  check: () => Notice | FieldProblem | null;
  /** False while a required field is empty or a count is not valid: Place Order waits. */
  canSend: boolean;
  /** The customer's discount, already in `totalCents` (product rules 15.29): said beside the total. */
  discountTenths?: number;
  children: ReactNode;
}) {
  const balanceCents = useLiveBalance(loadedBalanceCents);
  const { signedIn } = flow;
  return (
    <Form
      method="post"
      ref={flow.formRef}
      className="space-y-5"
      onSubmit={(event) => flow.sendUnless(event, check())}
      noValidate
    >
      <OrderTokenFields idempotencyKey={idempotencyKey} totalCents={totalCents} />
      {children}
      <OrderSummary
        lines={lines}
        totalCents={totalCents}
        balanceCents={balanceCents}
        signedIn={signedIn}
        discountTenths={discountTenths}
      />
      {signedIn && totalCents !== null && totalCents > balanceCents ? (
        <InsufficientFundsAlert
          totalCents={totalCents}
          balanceCents={balanceCents}
          walletHref={flow.walletHref}
          onLeave={flow.saveForm}
        />
      ) : null}
      <RefusalNotice refusal={flow.refusalBesideField ? undefined : refusal} />
      <PlaceOrderButton disabled={!canSend} busy={flow.busy} />
    </Form>
  );
}

/**
 * What every order form sends besides its fields (the server's orderFormFields): its one-time token, so sending
 * it twice places one order (product rules 1.4), and the total it shows, so a changed price is refused rather
 * than charged (product rules 1.2); no total while the form does not hold an order.
 */
export function OrderTokenFields({
  idempotencyKey,
  totalCents,
}: {
  idempotencyKey: string;
  totalCents: number | null;
}) {
  return (
    <>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {totalCents !== null ? <input type="hidden" name="expectedTotalCents" value={totalCents} /> : null}
    </>
  );
}
