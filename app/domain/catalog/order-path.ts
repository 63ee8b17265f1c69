type OrderableService = { id: string; platform: string; serviceType: "one_time" | "auto" };

/** The platforms whose lists link to /order/{platform}-{serviceId} (customer spec, route table). */
export const PREFIXED_ORDER_PLATFORMS: readonly string[] = [
  "instagram",
  "youtube",
  "tiktok",
  "spotify",
  "threads",
];

/**
 * The per-service order entry a platform list links to (customer spec, route table): Instagram auto services
 * /order/instagram/{id}; YouTube, TikTok, Spotify, Threads and Instagram's others /order/{platform}-{id}; Facebook,
 * Twitter and every platform the operator added /order/{id}, the generic entry (docs/decisions/038).
 * A post link typed on the list travels along as `?link=`.
 */
export function serviceOrderPath(service: OrderableService, postLink = ""): string {
  const path =
    service.platform === "instagram" && service.serviceType === "auto"
      ? `/order/instagram/${service.id}`
      : PREFIXED_ORDER_PLATFORMS.includes(service.platform)
        ? `/order/${service.platform}-${service.id}`
        : `/order/${service.id}`;
  const link = postLink.trim();
  return link ? `${path}?${new URLSearchParams({ link })}` : path;
}

/** Where Order Now goes: the order page for a signed-in customer, sign-up (then back to it) for a visitor. */
export function orderNowHref(orderPath: string, signedIn: boolean): string {
  return signedIn ? orderPath : `/register?${new URLSearchParams({ next: orderPath })}`;
}
