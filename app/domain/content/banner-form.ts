import { z } from "zod";
import { checkbox } from "../admin-form.ts";
import { BANNER_TEXT_MAX } from "../catalog/field-limits.ts";
import { CONTENT_TEXT } from "../catalog/service-form-text.ts";

export const BANNER_TYPES = ["info", "success", "warning", "error"] as const;

/** The Banner tab's form: banner_text, banner_enabled and banner_type (admin spec section 2); strict. */
export const bannerForm = z
  .strictObject(
    {
      text: z.string().trim().max(BANNER_TEXT_MAX, CONTENT_TEXT.bannerTextRequired).default(""),
      enabled: checkbox,
      type: z.enum(BANNER_TYPES, { error: "Choose a banner type." }),
    },
    { error: CONTENT_TEXT.unknownField },
  )
  .refine((form) => !form.enabled || form.text.length > 0, {
    path: ["text"],
    message: CONTENT_TEXT.bannerTextRequired,
  });
