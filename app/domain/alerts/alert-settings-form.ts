import { z } from "zod";
import { checkbox, UNKNOWN_FIELD_TEXT } from "../admin-form.ts";
import { SETTINGS_TEXT } from "../settings/settings-form-text.ts";
import { ALERT_KINDS, ALERT_MAIL_MODES, type AlertMailSetting } from "./kinds.ts";

const mailSwitches = Object.fromEntries(ALERT_KINDS.map((entry) => [entry.setting, checkbox])) as Record<
  AlertMailSetting,
  typeof checkbox
>;

/**
 * The Alerts part of the Settings tab (product rules 14.22, 14.23): where alerts are mailed (empty: the support
 * e-mail), one mail each or a daily digest, and which kinds are mailed; strict.
 */
export const alertSettingsForm = z.strictObject(
  {
    alertsEmail: z
      .string()
      .trim()
      .max(200, SETTINGS_TEXT.badEmail)
      .refine((text) => text === "" || z.email().safeParse(text).success, SETTINGS_TEXT.badEmail),
    alertsMailMode: z.enum(ALERT_MAIL_MODES.map((mode) => mode.value) as ["each", "digest"]),
    ...mailSwitches,
  },
  { error: UNKNOWN_FIELD_TEXT },
);
