import { PROVIDER_FIELD_MAX } from "../../../domain/fulfilment/provider-form.ts";
import { Checkbox } from "../../ui/checkbox.tsx";
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
      <Checkbox
        label="Accepts idempotency keys (another Boostly shop). Only then is an interrupted submission re-sent automatically; otherwise it waits here for you."
        name="supportsIdempotency"
        defaultChecked={defaults?.supportsIdempotency ?? false}
        fieldClassName="self-end pb-2"
      />
    </div>
  );
}
