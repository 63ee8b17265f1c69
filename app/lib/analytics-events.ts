/**
 * The analytics events the shop records (customer spec section 7), plus page_view. Shared by the browser's
 * `track` (app/lib/analytics.ts) and the server's check of POST /api/events, so both know the same names.
 */
export const ANALYTICS_EVENT_NAMES = [
  "page_view",
  "sign_up",
  "add_funds",
  "place_order",
  "form_submit",
  "button_click",
  "purchase_package",
  "activate_auto_service",
  "quick_order",
  "activate_auto_order",
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** A property value: flat and small (no nested objects, no arrays). */
export type AnalyticsValue = string | number | boolean | null;
type Extra = Record<string, AnalyticsValue>;

/** The properties each event carries (the spec's fields; events whose fields it does not show take any flat set). */
export type AnalyticsEventProperties = {
  page_view: Extra;
  sign_up: { method: "email" };
  add_funds: { currency: "USD"; value: number };
  place_order: { currency: "USD"; value: number; service_name: string } & Extra;
  form_submit: { form_name: string };
  button_click: { button_name: string; location: string };
  purchase_package: Extra;
  activate_auto_service: Extra;
  quick_order: Extra;
  activate_auto_order: Extra;
};

/** Limits of one event (also enforced by the server). */
export const ANALYTICS_LIMITS = { propertiesBytes: 2048, pathLength: 500, stringValueLength: 200 } as const;

/** Analytics are never sent from, or stored for, the admin area (customer spec section 6). */
export function isAdminPath(path: string): boolean {
  return path.toLowerCase().includes("/admin");
}
