import { useEffect } from "react";
import { useLocation } from "react-router";
import { type AnalyticsEventName, type AnalyticsEventProperties, isAdminPath } from "./analytics-events.ts";

/**
 * The one place the browser records analytics (docs/decisions/006-first-party-analytics.md): events go to our
 * own POST /api/events, and to Plausible or Google Analytics only when the shop configured one. Sending never
 * blocks or breaks the page, and nothing is ever sent from a path containing /admin.
 */
export function track<Name extends AnalyticsEventName>(
  name: Name,
  properties: AnalyticsEventProperties[Name],
): void {
  if (typeof window === "undefined") return;
  record(name, properties, window.location.pathname);
}

/** Records a page view on the first render and on every client-side navigation (mounted once, in root). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    record("page_view", {}, pathname);
  }, [pathname]);
}

function record(name: AnalyticsEventName, properties: Record<string, unknown>, path: string) {
  if (isAdminPath(path)) return;
  try {
    send(JSON.stringify({ name, properties, path }));
    forwardToThirdParty(name, properties, path);
  } catch {
    // Analytics must never break the page.
  }
}

const ENDPOINT = "/api/events";

function send(body: string) {
  // sendBeacon queues the request even when the page is being left (a form submit, a redirect to checkout).
  if (navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: "application/json" }))) return;
  void fetch(ENDPOINT, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json" },
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => undefined);
}

type ThirdParty = {
  plausible?: (name: string, options?: { props?: Record<string, unknown>; u?: string }) => void;
  gtag?: (command: "event", name: string, params?: Record<string, unknown>) => void;
};

/** The optional hosted tags (root loads them only when configured) get the same events, page views included. */
function forwardToThirdParty(name: string, properties: Record<string, unknown>, path: string) {
  const tags = window as unknown as ThirdParty;
  if (name === "page_view") {
    tags.plausible?.("pageview");
    tags.gtag?.("event", "page_view", { page_path: path, page_location: window.location.href.split("?")[0] });
    return;
  }
  tags.plausible?.(name, { props: properties });
  tags.gtag?.("event", name, properties);
}
