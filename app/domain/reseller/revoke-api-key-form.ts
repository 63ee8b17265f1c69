import { z } from "zod";
import { UNKNOWN_FIELD_TEXT } from "../admin-form.ts";

/** A user page's "Revoke" beside one of the customer's API keys (intent=revoke-api-key; product rules 15.24). */
export const revokeApiKeyForm = z.strictObject(
  { intent: z.literal("revoke-api-key"), keyId: z.string().max(100) },
  { error: UNKNOWN_FIELD_TEXT },
);
