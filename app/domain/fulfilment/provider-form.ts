import { z } from "zod";
import { PROVIDER_TEXT } from "./messages.ts";

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true");

/** The longest name, API address and key a provider form takes (the form's inputs and the schema). */
export const PROVIDER_FIELD_MAX = { name: 100, apiUrl: 500, apiKey: 500 } as const;

/** The add and edit forms of a provider; on edit an empty key keeps the stored one. */
export const providerForm = z.object({
  name: z.string().trim().min(1, PROVIDER_TEXT.nameRequired).max(PROVIDER_FIELD_MAX.name),
  apiUrl: z
    .string()
    .trim()
    .max(PROVIDER_FIELD_MAX.apiUrl)
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), PROVIDER_TEXT.urlInvalid),
  apiKey: z.string().trim().max(PROVIDER_FIELD_MAX.apiKey).optional().default(""),
  supportsIdempotency: checkbox,
});
export type ProviderFormInput = z.input<typeof providerForm>;
export type ProviderFields = z.output<typeof providerForm>;
