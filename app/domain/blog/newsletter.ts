import { z } from "zod";

/** The one answer to every accepted sign-up, new or repeated (it reveals nothing about the list). */
export const NEWSLETTER_SUBSCRIBED = "You're subscribed! Watch your inbox for growth tips.";

/** The newsletter box: an e-mail address, stored lower-cased. */
export const newsletterSchema = z.object({
  intent: z.literal("subscribe").optional(),
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .toLowerCase()
    .min(1, "Please enter your email address")
    .max(254, "Email is too long")
    .pipe(z.email("Please enter a valid email address")),
});
