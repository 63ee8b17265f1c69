import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { StaffOnly } from "../../components/admin/staff-only.tsx";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { INSTRUCTIONS_MAX, METHOD_NAME_MAX } from "../../domain/payments/manual-deposit-text.ts";
import { dollarsAsTyped, formatCents } from "../../lib/format-money.ts";

type Method = {
  id: string;
  name: string;
  instructions: string;
  minCents: number;
  maxCents: number;
  enabled: boolean;
};

type Answer = ToastAnswer & { fieldErrors?: Record<string, string> };

/** The methods customers see on their wallet when enabled (product rules 16.50), each editable, and a new one. */
export function MethodsCard({ methods }: { methods: Method[] }) {
  return (
    <Card className="mt-6" data-testid="manual-methods">
      <CardHeader
        title="Methods"
        description="What a customer sees on their wallet: the instructions to pay and the amounts each method takes."
      />
      {methods.length === 0 ? (
        <p className="mt-4 text-slate-600">No method yet: customers see none on their wallet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {methods.map((method) => (
            <li key={method.id} className="py-4" data-testid="manual-method">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{method.name}</h3>
                <span
                  className={`text-sm font-medium ${method.enabled ? "text-emerald-700" : "text-slate-500"}`}
                >
                  {method.enabled ? "Enabled" : "Disabled"} · {formatCents(method.minCents)} to{" "}
                  {formatCents(method.maxCents)}
                </span>
              </div>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">
                {method.instructions}
              </p>
              <StaffOnly permission="users.manage">
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-medium text-brand-700">
                    Edit {method.name}
                  </summary>
                  <MethodForm method={method} />
                </details>
              </StaffOnly>
            </li>
          ))}
        </ul>
      )}
      <StaffOnly permission="users.manage">
        <h3 className="mt-6 font-semibold text-slate-900">New method</h3>
        <MethodForm />
      </StaffOnly>
    </Card>
  );
}

/** The editor of one method (intent=save-method); a new one has no id and starts enabled. */
function MethodForm({ method }: { method?: Method }) {
  const fetcher = useFetcher<Answer>();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== "idle";
  useAnswerToast(fetcher.data);
  useEffect(() => {
    if (fetcher.data?.ok && !method) formRef.current?.reset();
  }, [fetcher.data, method]);
  return (
    <fetcher.Form ref={formRef} method="post" noValidate className="mt-3 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="save-method" />
      {method ? <input type="hidden" name="id" value={method.id} /> : null}
      <Input
        label="Name"
        name="name"
        defaultValue={method?.name}
        maxLength={METHOD_NAME_MAX}
        placeholder="Bank transfer"
        error={errors.name}
        fieldClassName="sm:col-span-2"
        required
      />
      <Textarea
        label="Instructions"
        name="instructions"
        rows={4}
        defaultValue={method?.instructions}
        maxLength={INSTRUCTIONS_MAX}
        placeholder="Account holder, IBAN and BIC, and what to write as the reference"
        hint="Shown to customers as written."
        error={errors.instructions}
        fieldClassName="sm:col-span-2"
        required
      />
      <Input
        label="Minimum (USD)"
        name="min"
        inputMode="decimal"
        defaultValue={method ? dollarsAsTyped(method.minCents) : "10"}
        error={errors.min}
        required
      />
      <Input
        label="Maximum (USD)"
        name="max"
        inputMode="decimal"
        defaultValue={method ? dollarsAsTyped(method.maxCents) : "10000"}
        error={errors.max}
        required
      />
      <Checkbox
        label="Enabled"
        name="enabled"
        defaultChecked={method?.enabled ?? true}
        hint="Customers see an enabled method on their wallet and may claim payments by it."
        fieldClassName="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Saving..." : method ? `Save ${method.name}` : "Add method"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
