import { z } from "zod";
import { TWO_FACTOR_TEXT } from "./two-factor-text.ts";

const code = z
  .string({ error: TWO_FACTOR_TEXT.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_TEXT.codeRequired)
  .max(32, TWO_FACTOR_TEXT.invalidCode);
const password = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(128, "Password is too long");

/** The sign-in's second step on /login and /admin-login: the address signed in with, and its code. */
export const signInCodeSchema = z.object({
  intent: z.literal("sign-in-code"),
  email: z.string().trim().toLowerCase().max(254).default(""),
  code,
  next: z.string().max(2000).optional(),
});

/** /profile's Security section: start (password), confirm (first code) or turn off (password). */
export const startTwoFactorSchema = z.object({ intent: z.literal("two-factor-start"), password });
export const confirmTwoFactorSchema = z.object({ intent: z.literal("two-factor-confirm"), code });
export const turnOffTwoFactorSchema = z.object({ intent: z.literal("two-factor-off"), password });
