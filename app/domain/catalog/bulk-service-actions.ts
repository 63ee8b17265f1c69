import { z } from "zod";
import { bulkIds, bulkStep } from "../bulk-change.ts";
import { servicePrice } from "./service-form.ts";

/** The services list's bulk actions (product rules 14.34). */
export const BULK_SERVICE_ACTIONS = ["enable", "disable", "price", "category"] as const;
export type BulkServiceAction = (typeof BULK_SERVICE_ACTIONS)[number];

export const BULK_SERVICE_LABELS: Record<BulkServiceAction, string> = {
  enable: "Enable",
  disable: "Disable",
  price: "Set price",
  category: "Set category",
};

/** The confirm button of each action, under its question. */
export const BULK_SERVICE_CONFIRM: Record<BulkServiceAction, string> = {
  enable: "Enable them",
  disable: "Disable them",
  price: "Set the price",
  category: "Set the category",
};

export const SERVICE_NOUN = { one: "service", many: "services" } as const;

/** A bulk change of services: enable, disable, a price per 1000 (or per package), or a category ("" for none). */
export type BulkServiceChange =
  | { action: "enable" | "disable" }
  | { action: "price"; pricePer1000: string }
  | { action: "category"; categoryId: string | null };

/** The services list's bulk form: the step, the action with what it needs, and the ticked services. */
export const bulkServiceForm = z
  .object({
    intent: bulkStep,
    action: z.enum(BULK_SERVICE_ACTIONS),
    price: z.string().max(20).optional(),
    categoryId: z.string().max(40).optional(),
    ids: bulkIds,
  })
  .strict()
  .transform(
    (form, ctx): { intent: typeof form.intent; ids: string[]; change: BulkServiceChange } | never => {
      const base = { intent: form.intent, ids: form.ids };
      if (form.action === "price") {
        const price = servicePrice.safeParse(form.price ?? "");
        if (!price.success) {
          ctx.addIssue({ code: "custom", path: ["price"], message: price.error.issues[0]?.message ?? "" });
          return z.NEVER;
        }
        return { ...base, change: { action: "price", pricePer1000: price.data } };
      }
      if (form.action === "category") {
        const id = form.categoryId?.trim() ?? "";
        if (id !== "" && !z.uuid().safeParse(id).success) {
          ctx.addIssue({ code: "custom", path: ["categoryId"], message: "Choose a category." });
          return z.NEVER;
        }
        return { ...base, change: { action: "category", categoryId: id || null } };
      }
      return { ...base, change: { action: form.action } };
    },
  );
