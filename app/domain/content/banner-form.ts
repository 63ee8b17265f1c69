import { z } from "zod";
import { checkbox, UNKNOWN_FIELD_TEXT } from "../admin-form.ts";
import { BANNER_TEXT, BANNER_TEXT_MAX } from "./banner-form-text.ts";

export const BANNER_TYPES = ["info", "success", "warning", "error"] as const;

/** The Banner tab's form: banner_text, banner_enabled and banner_type (admin spec section 2); strict. */
export const bannerForm = z
  .strictObject(
    {
      text: z.string().trim().max(BANNER_TEXT_MAX, BANNER_TEXT.bannerTextRequired).default(""),
      enabled: checkbox,
      type: z.enum(BANNER_TYPES, { error: "Choose a banner type." }),
    },
    { error: UNKNOWN_FIELD_TEXT },
  )
  .refine((form) => !form.enabled || form.text.length > 0, {
    path: ["text"],
    message: BANNER_TEXT.bannerTextRequired,
  });

export type BannerInput = z.output<typeof bannerForm>;
