import { Form, useFetcher, useNavigation } from "react-router";
import { SecondFactorCodeField } from "../../components/admin/second-factor-code-field.tsx";
import type { ToastAnswer } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import type { GatewaySetupView } from "../../domain/payments/gateway-setup.server.ts";
import { GATEWAY_FIELDS } from "../../domain/payments/gateway-setup.ts";
import { dollarsAsTyped, percentAsTyped } from "../../lib/format-money.ts";

function StatusBadge({ setup }: { setup: GatewaySetupView }) {
  const [text, tone] = setup.enabled
    ? ["On", "bg-emerald-100 text-emerald-800"]
    : setup.complete
      ? ["Off", "bg-slate-100 text-slate-700"]
      : ["Not set up", "bg-amber-100 text-amber-900"];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{text}</span>;
}

/** One gateway: on or off, its fields (secrets write-only), fee and limits, and a connection test. */
export function GatewaySetupCard({
  setup,
  codeNeeded,
  errors,
}: {
  setup: GatewaySetupView;
  codeNeeded: boolean;
  errors: Record<string, string>;
}) {
  const { title, fields } = GATEWAY_FIELDS[setup.gateway];
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("gateway") === setup.gateway;
  const tester = useFetcher<ToastAnswer>();
  const testing = tester.state !== "idle";
  const headingId = `gateway-${setup.gateway}`;
  return (
    <Card className="mt-6" aria-labelledby={headingId} data-testid={`gateway-${setup.gateway}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title} <StatusBadge setup={setup} />
        </h2>
        <tester.Form method="post">
          <input type="hidden" name="intent" value="test-connection" />
          <input type="hidden" name="gateway" value={setup.gateway} />
          <Button
            type="submit"
            variant="secondary"
            disabled={testing}
            aria-label={`Test connection: ${title}`}
          >
            {testing ? "Testing..." : "Test connection"}
          </Button>
        </tester.Form>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={`mt-2 text-sm ${tester.data?.ok ? "text-emerald-700" : "text-red-700"}`}
      >
        {tester.data && !testing ? `${tester.data.notice.title}: ${tester.data.notice.message}` : ""}
      </p>
      {/* Keyed by the last save: a saved form starts afresh, its secret fields empty again. */}
      <Form key={setup.savedAt ?? "new"} method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="gateway" value={setup.gateway} />
        <Checkbox
          label="Take deposits through this gateway"
          name="enabled"
          defaultChecked={setup.enabled}
          fieldClassName="sm:col-span-2"
          hint="Customers see it on the wallet page once it is on and every field below is set."
        />
        {fields.map((field) =>
          field.choices ? (
            <Select
              key={field.name}
              label={field.label}
              name={field.name}
              defaultValue={setup.settings[field.name] ?? field.choices[0]}
              options={field.choices.map((choice) => ({ value: choice, label: choice }))}
              error={errors[field.name]}
            />
          ) : (
            <Input
              key={field.name}
              label={field.label}
              name={field.name}
              type={field.secret ? "password" : field.url ? "url" : "text"}
              autoComplete={field.secret ? "new-password" : "off"}
              defaultValue={field.secret ? "" : (setup.settings[field.name] ?? "")}
              placeholder={
                field.secret && setup.secretHints[field.name]
                  ? `Stored: ends in ${setup.secretHints[field.name]}`
                  : ""
              }
              hint={
                field.secret && setup.secretHints[field.name]
                  ? "Leave empty to keep the stored one."
                  : field.hint
              }
              error={errors[field.name]}
            />
          ),
        )}
        <Input
          label="Fee (%)"
          name="feePercent"
          inputMode="decimal"
          defaultValue={percentAsTyped(setup.fee.basisPoints)}
          hint="Added on top of the amount and shown before paying; 0 for none."
          error={errors.feePercent}
        />
        <Input
          label="Fixed fee ($)"
          name="feeFixed"
          inputMode="decimal"
          defaultValue={dollarsAsTyped(setup.fee.fixedCents)}
          error={errors.feeFixed}
        />
        <Input
          label="Deposit bonus (%)"
          name="bonusPercent"
          inputMode="decimal"
          defaultValue={percentAsTyped(setup.bonusBasisPoints)}
          hint="Credited with each deposit through this gateway, as its own line; 0 for none."
          error={errors.bonusPercent}
        />
        <Input
          label="Minimum deposit ($)"
          name="minDeposit"
          inputMode="decimal"
          defaultValue={setup.minDepositCents === null ? "" : dollarsAsTyped(setup.minDepositCents)}
          hint="Empty: the shop's minimum."
          error={errors.minDeposit}
        />
        <Input
          label="Maximum deposit ($)"
          name="maxDeposit"
          inputMode="decimal"
          defaultValue={setup.maxDepositCents === null ? "" : dollarsAsTyped(setup.maxDepositCents)}
          hint="Empty: the shop's maximum."
          error={errors.maxDeposit}
        />
        <SecondFactorCodeField
          needed={codeNeeded}
          error={errors.secondFactorCode}
          className="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : `Save ${title}`}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
