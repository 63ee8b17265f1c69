import { PROVIDER_FIELD_MAX } from "../../../domain/fulfilment/provider-form.ts";
import { Input } from "../../ui/input.tsx";

type Errors = Partial<Record<"name" | "apiUrl" | "apiKey", string>>;

/** The provider form's fields (add and edit); on edit the key may stay empty to keep the stored one. */
export function ProviderFields({
  errors = {},
  defaults,
  maskedKey,
}: {
  errors?: Errors;
  defaults?: { name: string; apiUrl: string; supportsIdempotency: boolean };
  maskedKey?: string;
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
      <label className="flex items-start gap-2 self-end pb-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name="supportsIdempotency"
          defaultChecked={defaults?.supportsIdempotency ?? false}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <span>
          Accepts idempotency keys (another Boostly shop). Only then is an interrupted submission re-sent
          automatically; otherwise it waits here for you.
        </span>
      </label>
    </div>
  );
}
