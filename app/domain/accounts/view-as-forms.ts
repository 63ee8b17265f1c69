import { z } from "zod";
import { UNKNOWN_FIELD_TEXT } from "../admin-form.ts";

/** The user page's "View as customer" (intent=start; product rules 15.31). Strict. */
export const startViewForm = z.strictObject(
  { intent: z.literal("start"), customerId: z.string().max(64) },
  { error: UNKNOWN_FIELD_TEXT },
);

/** The banner's "Return to admin" (intent=end; product rules 15.32). */
export const endViewForm = z.strictObject({ intent: z.literal("end") }, { error: UNKNOWN_FIELD_TEXT });
