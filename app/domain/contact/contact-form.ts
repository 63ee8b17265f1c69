import { z } from "zod";
import { issuesByField, type Refusal, refuse } from "../refusal.ts";

/** The contact form's subjects (admin spec, static pages), in the order the form lists them. */
export const CONTACT_SUBJECTS = [
  { value: "general", label: "General question" },
  { value: "technical", label: "Technical support" },
  { value: "billing", label: "Billing and payments" },
  { value: "partnership", label: "Partnership or reseller enquiry" },
  { value: "feedback", label: "Feedback" },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]["value"];

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5_000;

export const CONTACT_TEXT = {
  sent: "Thanks! Your message has been sent. We reply by e-mail.",
  invalid: "Please correct the highlighted fields and send your message again.",
  nameRequired: "Please enter your name.",
  nameTooLong: `Your name must be at most ${CONTACT_NAME_MAX} characters.`,
  emailInvalid: "Please enter a valid e-mail address, like name@example.com.",
  subjectInvalid: "Please choose a subject from the list.",
  messageRequired: "Please write your message.",
  messageTooLong: `Your message must be at most ${CONTACT_MESSAGE_MAX.toLocaleString("en-US")} characters.`,
  tooMany: "You have sent several messages in a short time. Please wait a few minutes and try again.",
} as const;

const subjectValues = CONTACT_SUBJECTS.map((subject) => subject.value) as [
  ContactSubject,
  ...ContactSubject[],
];

/** The contact form as submitted; every field is a string, and unknown fields are ignored. */
export const contactFormSchema = z.object({
  name: z
    .string(CONTACT_TEXT.nameRequired)
    .trim()
    .min(1, CONTACT_TEXT.nameRequired)
    .max(CONTACT_NAME_MAX, CONTACT_TEXT.nameTooLong),
  email: z
    .string(CONTACT_TEXT.emailInvalid)
    .trim()
    .max(CONTACT_EMAIL_MAX, CONTACT_TEXT.emailInvalid)
    .pipe(z.email(CONTACT_TEXT.emailInvalid)),
  subject: z.enum(subjectValues, CONTACT_TEXT.subjectInvalid),
  message: z
    .string(CONTACT_TEXT.messageRequired)
    .trim()
    .min(1, CONTACT_TEXT.messageRequired)
    .max(CONTACT_MESSAGE_MAX, CONTACT_TEXT.messageTooLong),
});

export type ContactInput = z.infer<typeof contactFormSchema>;
export type ContactField = keyof ContactInput;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** Parses a submitted contact form: the clean values, or its refusal with one clear message per invalid field. */
export function parseContactForm(
  values: Record<string, unknown>,
): { ok: true; data: ContactInput } | Refusal {
  const parsed = contactFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return refuse("invalid", CONTACT_TEXT.invalid, { fieldErrors: issuesByField(parsed.error) });
}
