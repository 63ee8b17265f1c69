import { z } from "zod";
import { PROVIDER_TEXT } from "./messages.ts";

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true");

/** The longest name, API address and key a provider form takes (the form's inputs and the schema). */
export const PROVIDER_FIELD_MAX = { name: 100, apiUrl: 500, apiKey: 500 } as const;

/** An address a provider's API can be reached at: http or https, and a URL. */
export function isProviderApiUrl(value: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value);
}

const apiUrl = z.string().trim().max(PROVIDER_FIELD_MAX.apiUrl);

/** The add form of a provider (and the fields of the edit form). */
export const providerForm = z.object({
  name: z.string().trim().min(1, PROVIDER_TEXT.nameRequired).max(PROVIDER_FIELD_MAX.name),
  apiUrl: apiUrl.refine(isProviderApiUrl, PROVIDER_TEXT.urlInvalid),
  apiKey: z.string().trim().max(PROVIDER_FIELD_MAX.apiKey).optional().default(""),
  supportsIdempotency: checkbox,
});
export type ProviderFields = z.output<typeof providerForm>;

/**
 * The edit form of a provider: an empty key keeps the stored one, and the address is checked by updateProvider,
 * since the simulated provider's is a name that no admin changes.
 */
export const providerEditForm = providerForm.extend({ apiUrl });
export type ProviderEditFields = z.output<typeof providerEditForm>;
