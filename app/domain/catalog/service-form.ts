import { z } from "zod";
import { checkbox, UNKNOWN_FIELD_TEXT } from "../admin-form.ts";
import { isUuid } from "../ids.ts";
import type { ServiceOrderType } from "../pricing/price.ts";
import { PLATFORM_SLUG } from "./platforms.ts";
import { MAX_REFILL_DAYS } from "./refill-window.ts";
import { PACKAGE_LIMIT, SERVICE_MAX, SERVICE_TEXT } from "./service-form-text.ts";

/** Quantities fit PostgreSQL's integer column with room to spare. */
const MAX_QUANTITY = 1_000_000_000;
const MAX_FEATURES = 20;

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);

/** "a, b,, c " -> ["a", "b", "c"] (admin spec section 5: trimmed, empty ones dropped). */
export function parseFeatures(text: string): string[] {
  return text
    .split(",")
    .map((feature) => feature.trim())
    .filter(Boolean)
    .slice(0, MAX_FEATURES);
}

/**
 * The service form (admin spec section 2) with the schema's check constraints as messages: a price of 0 or
 * more with at most 4 decimals (numeric(12,4)), 1 <= min <= max, default posts 1 to 100 for auto services only,
 * a refill window of 1 to 365 days or none (product rules 4.7).
 * Strict: a field the form does not have is refused, never silently dropped (product rules 10.6).
 */
/** A price per 1000 (or per package): dollars with up to four decimals, as the service form and bulk take it. */
export const servicePrice = z
  .string({ error: SERVICE_TEXT.badPrice })
  .trim()
  .regex(/^\d{1,8}(\.\d{1,4})?$/, SERVICE_TEXT.badPrice);

export const serviceForm = z
  .strictObject(
    {
      name: z
        .string()
        .trim()
        .min(1, SERVICE_TEXT.nameRequired)
        .max(SERVICE_MAX.name, SERVICE_TEXT.nameRequired),
      // Any platform the shop has (saveService checks it exists) and, optionally, one of its categories.
      platform: z
        .string({ error: SERVICE_TEXT.choosePlatform })
        .trim()
        .max(SERVICE_MAX.platform, SERVICE_TEXT.choosePlatform)
        .regex(PLATFORM_SLUG, SERVICE_TEXT.choosePlatform),
      categoryId: z
        .string()
        .trim()
        .max(40)
        .default("")
        .refine((value) => value === "" || isUuid(value), SERVICE_TEXT.unknownCategory)
        .transform((value) => (value === "" ? null : value)),
      serviceType: z.enum(["one_time", "auto"], { error: "Choose a service type." }),
      targetKind: z.enum(["post", "profile"]).default("post"),
      pricePer1000: servicePrice,
      minQuantity: wholeNumber(SERVICE_TEXT.badMin, 1, MAX_QUANTITY),
      maxQuantity: wholeNumber(SERVICE_TEXT.badMax, 1, MAX_QUANTITY),
      description: z.string().trim().max(SERVICE_MAX.description).default(""),
      features: z.string().max(SERVICE_MAX.features).default("").transform(parseFeatures),
      defaultPosts: z.string().trim().max(10).default(""),
      // How a one-time service takes its order and whether it may be drip-fed (docs/decisions/021, 037).
      orderType: z
        .enum(["default", "custom_comments", "package"], { error: "Choose an order type." })
        .default("default"),
      dripfeed: checkbox,
      // Empty: the service is not refillable.
      refillDays: z
        .string()
        .trim()
        .max(10)
        .default("")
        .refine(
          (value) =>
            value === "" ||
            (/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_REFILL_DAYS),
          SERVICE_TEXT.badRefillDays,
        )
        .transform((value) => (value === "" ? null : Number(value))),
      enabled: checkbox,
    },
    { error: UNKNOWN_FIELD_TEXT },
  )
  .check((ctx) => {
    const form = ctx.value;
    if (form.maxQuantity < form.minQuantity)
      ctx.issues.push({
        code: "custom",
        input: form,
        path: ["maxQuantity"],
        message: SERVICE_TEXT.minAboveMax,
      });
    // A Package is one unit at its price (product rules 13.10): its limits are 1 and 1, never silently changed.
    if (form.serviceType === "one_time" && form.orderType === "package")
      for (const field of ["minQuantity", "maxQuantity"] as const)
        if (form[field] !== PACKAGE_LIMIT)
          ctx.issues.push({
            code: "custom",
            input: form,
            path: [field],
            message: SERVICE_TEXT.packageLimits,
          });
    if (form.serviceType === "auto" && form.defaultPosts && !/^(100|[1-9]\d?)$/.test(form.defaultPosts))
      ctx.issues.push({
        code: "custom",
        input: form,
        path: ["defaultPosts"],
        message: SERVICE_TEXT.badDefaultPosts,
      });
  })
  .transform(({ defaultPosts, ...form }) => ({
    ...form,
    // Default posts belong to auto services only (the services_default_posts_auto_only constraint).
    defaultPosts: form.serviceType === "auto" && defaultPosts ? Number(defaultPosts) : null,
    // Custom comments, packages and drip-feed belong to one-time services; drip-feed to Default ones only
    // (the services_dripfeed_default_one_time constraint).
    orderType: form.serviceType === "one_time" ? form.orderType : ("default" as const),
    dripfeed: form.serviceType === "one_time" && form.orderType === "default" && form.dripfeed,
  }));

export type ServiceInput = z.output<typeof serviceForm>;

/** A service as the admin list and form show it. */
export type AdminService = {
  id: string;
  slug: string;
  name: string;
  platform: string;
  /** Its category, one of its platform's; null: none. */
  categoryId: string | null;
  serviceType: "one_time" | "auto";
  targetKind: "post" | "profile";
  pricePer1000: string;
  minQuantity: number;
  maxQuantity: number;
  description: string;
  features: string[];
  defaultPosts: number | null;
  orderType: ServiceOrderType;
  dripfeed: boolean;
  /** Days after an order ends in which a refill may be asked; null: not refillable (product rules 4.7). */
  refillDays: number | null;
  enabled: boolean;
  /** The kind of the latest change a provider sync made to it (service-changes.ts), if any. */
  lastSyncChange?: string | null;
};
