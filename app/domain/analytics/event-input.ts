import { z } from "zod";
import { ANALYTICS_EVENT_NAMES, ANALYTICS_LIMITS } from "../../lib/analytics-events.ts";

const propertyValue = z.union([
  z.string().max(ANALYTICS_LIMITS.stringValueLength),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

/** The body of POST /api/events: a known event name, a small flat property object and the page path. */
export const analyticsEventInput = z.strictObject({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  properties: z
    .record(
      z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "Property names are short snake_case words"),
      propertyValue,
    )
    .default({})
    .refine((properties) => Object.keys(properties).length <= 20, "At most 20 properties")
    .refine(
      (properties) =>
        new TextEncoder().encode(JSON.stringify(properties)).length <= ANALYTICS_LIMITS.propertiesBytes,
      `Properties are at most ${ANALYTICS_LIMITS.propertiesBytes} bytes`,
    ),
  path: z.string().min(1).max(ANALYTICS_LIMITS.pathLength).startsWith("/"),
});

export type AnalyticsEventInput = z.infer<typeof analyticsEventInput>;
