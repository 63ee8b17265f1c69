import { PROVIDER_FIELD_MAX, PROVIDER_MARKUP_DEFAULTS } from "../../../domain/fulfilment/provider-form.ts";
import { Checkbox } from "../../ui/checkbox.tsx";
import { Input } from "../../ui/input.tsx";
import { Select } from "../../ui/select.tsx";
import { SecondFactorCodeField } from "../second-factor-code-field.tsx";

type Errors = Partial<
  Record<"name" | "apiUrl" | "apiKey" | "markupPercent" | "markupMinPer1000" | "secondFactorCode", string>
>;

const RATE_RISE_OPTIONS = [
  { value: "follow", label: "Follow it: reprice the service by the markup" },
  { value: "pause", label: "Pause the service until I review it" },
] as const;

/** The provider form's fields (add and edit); on edit the key may stay empty to keep the stored one. */
export function ProviderFields({
  errors = {},
  defaults,
  maskedKey,
  codeNeeded = false,
}: {
  errors?: Errors;
  defaults?: {
    name: string;
    apiUrl: string;
    supportsIdempotency: boolean;
    markupPercent: string;
    markupMinPer1000: string;
    onRateRise: string;
  };
  maskedKey?: string;
  /** The session passed no code lately: saving the provider asks for one (product rules 15.36). */
  codeNeeded?: boolean;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Input
        label="Name"
        name="name"
        required
        maxLength={PROVIDER_FIELD_MAX.name}
        defaultValue={defaults?.name}
        error={errors.name}
      />
      <Input
        label="API URL"
        name="apiUrl"
        type="url"
        required
        maxLength={PROVIDER_FIELD_MAX.apiUrl}
        placeholder="https://panel.example/api/v2"
        defaultValue={defaults?.apiUrl}
        error={errors.apiUrl}
      />
      <Input
        label="API key"
        name="apiKey"
        type="password"
        autoComplete="off"
        maxLength={PROVIDER_FIELD_MAX.apiKey}
        required={!maskedKey}
        error={errors.apiKey}
        hint={
          maskedKey
            ? `Stored key: ${maskedKey}. Leave empty to keep it.`
            : "Stored encrypted; never shown again."
        }
      />
      <Checkbox
        label="Accepts idempotency keys (another Boostly shop). Only then is an interrupted submission re-sent automatically; otherwise it waits here for you."
        name="supportsIdempotency"
        defaultChecked={defaults?.supportsIdempotency ?? false}
        fieldClassName="self-end pb-2"
      />
      <Input
        label="Markup (%)"
        name="markupPercent"
        inputMode="decimal"
        required
        defaultValue={Number(defaults?.markupPercent ?? PROVIDER_MARKUP_DEFAULTS.markupPercent).toString()}
        error={errors.markupPercent}
        hint="A service's price is its cost in dollars plus this percent."
      />
      <Input
        label="Minimum margin per 1000 ($)"
        name="markupMinPer1000"
        inputMode="decimal"
        required
        defaultValue={Number(
          defaults?.markupMinPer1000 ?? PROVIDER_MARKUP_DEFAULTS.markupMinPer1000,
        ).toString()}
        error={errors.markupMinPer1000}
        hint="And at least this much above cost per 1000 units (per package for a Package)."
      />
      <Select
        label="When the provider's rate rises past a price"
        name="onRateRise"
        defaultValue={defaults?.onRateRise ?? PROVIDER_MARKUP_DEFAULTS.onRateRise}
        options={RATE_RISE_OPTIONS}
      />
      <SecondFactorCodeField needed={codeNeeded} error={errors.secondFactorCode} />
    </div>
  );
}
