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

/** A markup's percent over cost: 0 to 1000, two decimals at most (providers.markup_percent, numeric(7, 2)). */
export const markupPercentField = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,2})?$/, PROVIDER_TEXT.badPercent)
  .refine((value) => Number(value) <= 1000, PROVIDER_TEXT.badPercent);

/** A markup's minimum margin in dollars per 1000 (per package): numeric(12, 4). */
export const markupMinimumField = z
  .string()
  .trim()
  .regex(/^\d{1,8}(\.\d{1,4})?$/, PROVIDER_TEXT.badMinimum);

/** What a rate rise past a service's price does (docs/decisions/037): follow it by the markup, or pause. */
export const RATE_RISE_CHOICES = ["follow", "pause"] as const;

/** The provider's markup and rate-rise policy, with the defaults of a new provider. */
export const PROVIDER_MARKUP_DEFAULTS = {
  markupPercent: "50",
  markupMinPer1000: "0",
  onRateRise: "follow",
} as const;

/** The add form of a provider (and the fields of the edit form). */
export const providerForm = z.object({
  name: z.string().trim().min(1, PROVIDER_TEXT.nameRequired).max(PROVIDER_FIELD_MAX.name),
  apiUrl: apiUrl.refine(isProviderApiUrl, PROVIDER_TEXT.urlInvalid),
  apiKey: z.string().trim().max(PROVIDER_FIELD_MAX.apiKey).optional().default(""),
  supportsIdempotency: checkbox,
  markupPercent: markupPercentField.default(PROVIDER_MARKUP_DEFAULTS.markupPercent),
  markupMinPer1000: markupMinimumField.default(PROVIDER_MARKUP_DEFAULTS.markupMinPer1000),
  onRateRise: z.enum(RATE_RISE_CHOICES).default(PROVIDER_MARKUP_DEFAULTS.onRateRise),
});
export type ProviderFields = z.output<typeof providerForm>;

/**
 * The edit form of a provider: an empty key keeps the stored one, and the address is checked by updateProvider,
 * since the simulated provider's is a name that no admin changes.
 */
export const providerEditForm = providerForm.extend({ apiUrl });
export type ProviderEditFields = z.output<typeof providerEditForm>;

const emptyIsNone = <T extends z.ZodType<string>>(field: T) =>
  z.union([z.literal("").transform(() => null), field]);

/** A mapped service's own markup (docs/decisions/040): each part empty to follow the provider's. */
export const mappingMarkupForm = z.object({
  serviceId: z.string().max(64),
  markupPercent: emptyIsNone(markupPercentField).default(""),
  markupMinPer1000: emptyIsNone(markupMinimumField).default(""),
});
export type MappingMarkupFields = z.output<typeof mappingMarkupForm>;

/** The exchange rate form: a currency code and what one unit of it is worth in dollars (numeric(18, 8)). */
export const exchangeRateForm = z.object({
  currency: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, PROVIDER_TEXT.badCurrency)),
  usdPerUnit: z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,8})?$/, PROVIDER_TEXT.badUsdPerUnit)
    .refine((value) => Number(value) > 0, PROVIDER_TEXT.badUsdPerUnit),
});

/** Rows per page of a provider's catalogue on its page: each row's checkbox is a field of the import form. */
export const CATALOG_PAGE_SIZE = 50;

/** The import form's checkbox of a catalogue row: `pick0` to `pick49`, its value the upstream service's id. */
export function pickField(index: number): string {
  return `pick${index}`;
}

const picks = Object.fromEntries(
  Array.from({ length: CATALOG_PAGE_SIZE }, (_, index) => [
    pickField(index),
    z.string().trim().max(100).optional(),
  ]),
);

/** The bulk import form: the ticked services, where they go, at which markup, and whether they sell at once. */
export const importSelectionForm = z
  .object({
    ...picks,
    platform: z.string().trim().min(1, PROVIDER_TEXT.unknownPlatform).max(100, PROVIDER_TEXT.unknownPlatform),
    categoryId: z.string().trim().max(64).default(""),
    targetKind: z.enum(["post", "profile"], { error: PROVIDER_TEXT.chooseTargetKind }).default("post"),
    markupPercent: markupPercentField,
    markupMinPer1000: markupMinimumField,
    enable: checkbox,
  })
  .transform((form) => {
    const record = form as Record<string, string | boolean | undefined>;
    const upstreamIds = Array.from(
      { length: CATALOG_PAGE_SIZE },
      (_, index) => record[pickField(index)],
    ).filter((value): value is string => typeof value === "string" && value.length > 0);
    return {
      upstreamIds: [...new Set(upstreamIds)],
      platform: form.platform,
      categoryId: form.categoryId || null,
      targetKind: form.targetKind,
      markup: { percent: form.markupPercent, minPer1000: form.markupMinPer1000 },
      enable: form.enable,
    };
  });

/** An id of the provider's (its service id, its order id): 1 to 100 characters, no spaces. */
export function isUpstreamId(value: string): boolean {
  return /^\S{1,100}$/.test(value);
}

/** Resend a part (product rules 14.14): to which provider and which of its services. */
export const resendPartForm = z.object({
  intent: z.literal("resend"),
  fulfilmentId: z.string().max(64),
  providerId: z.string().max(64),
  providerServiceId: z.string().trim().max(200).refine(isUpstreamId, PROVIDER_TEXT.badProviderServiceId),
});

/** Mark a held part resolved (product rules 14.15), with the provider's order id if the admin found one. */
export const resolveHeldForm = z.object({
  intent: z.literal("resolve"),
  fulfilmentId: z.string().max(64),
  providerOrderId: z
    .string()
    .trim()
    .max(200)
    .refine((value) => value === "" || isUpstreamId(value), PROVIDER_TEXT.badProviderOrderId)
    .optional()
    .default(""),
});
