import type { ListedPlatform } from "./platforms.ts";

type OrderableService = { id: string; platform: ListedPlatform; serviceType: "one_time" | "auto" };

/**
 * The per-service order entry a platform list links to (customer spec, route table):
 * Instagram auto services /order/instagram/{id}; Facebook and Twitter /order/{id}; the rest /order/{platform}-{id}.
 * A post link typed on the list travels along as `?link=`.
 */
export function serviceOrderPath(service: OrderableService, postLink = ""): string {
  const path =
    service.platform === "instagram" && service.serviceType === "auto"
      ? `/order/instagram/${service.id}`
      : service.platform === "facebook" || service.platform === "twitter"
        ? `/order/${service.id}`
        : `/order/${service.platform}-${service.id}`;
  const link = postLink.trim();
  return link ? `${path}?${new URLSearchParams({ link })}` : path;
}

/** Where Order Now goes: the order page for a signed-in customer, sign-up (then back to it) for a visitor. */
export function orderNowHref(orderPath: string, signedIn: boolean): string {
  return signedIn ? orderPath : `/register?${new URLSearchParams({ next: orderPath })}`;
}
