import { Form } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";

/** The provider's balance alert (product rules 14.24): alert the operator below this amount; empty for none. */
export function BalanceAlertForm({
  below,
  currency,
  error,
  busy,
}: {
  below: string | null;
  currency: string;
  error?: string;
  busy: boolean;
}) {
  return (
    <Form
      method="post"
      className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4"
      aria-label="Balance alert"
      noValidate
    >
      <input type="hidden" name="intent" value="balance-alert" />
      <Input
        label={`Alert me below (${currency})`}
        name="balanceAlertBelow"
        inputMode="decimal"
        defaultValue={below ?? ""}
        hint="Empty: no alert. Balances are read every few minutes."
        error={error}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        Save balance alert
      </Button>
    </Form>
  );
}
