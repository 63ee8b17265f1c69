import { z } from "zod";
import { cents } from "../pricing/cents.ts";

/**
 * The total the customer was shown, in cents, as an order form sends it (product rules 1.2): digits only,
 * so "1e3", "-1" or "2.5" are refused as malformed rather than read as some other total.
 */
export const expectedTotalField = z
  .string()
  .trim()
  .regex(/^\d{1,12}$/)
  .transform((digits) => cents(Number(digits)))
  .optional();
