import type { Executor } from "../../db/client.server.ts";
import { findOrderableServiceBySlug } from "../catalog/find-service.server.ts";
import { LIKES_PACK_SERVICES } from "../catalog/likes-pack-services.ts";
import { listAutoServices } from "../catalog/list-auto-services.server.ts";
import { listLikesPacks } from "../catalog/list-likes-packs.server.ts";
import { listQuickOrderServices } from "../catalog/list-quick-order-services.server.ts";
import { formatServiceName, likesPackProductName } from "../catalog/product-name.ts";
import { PACKAGE_QUANTITY } from "../orders/order-types.ts";
import { readLikesPackTerms, readServiceTerms } from "../orders/read-service-terms.server.ts";
import { apiTermFlags } from "../orders/service-terms.ts";
import { discountedCharge, discountedRate, NO_DISCOUNT } from "../pricing/discount.ts";
import { chargeForQuantity, type ServiceRate } from "../pricing/price.ts";
import { readSettingsCached } from "../settings/read-settings.server.ts";
import { apiDollars } from "./api-order-status.ts";
import { API_PACKAGE_FACTS, type ApiOrderType, apiOrderTypeFacts } from "./api-order-types.ts";

/** One entry of `services`, in the panels' shape (docs/decisions/020-api-v2-conventions.md). */
export type ApiService = {
  service: number;
  name: string;
  type: ApiOrderType | "Subscriptions";
  category: string;
  rate: string;
  min: string;
  max: string;
  dripfeed: boolean;
  refill: boolean;
  cancel: boolean;
};

/** The rate as the API shows it: dollars per 1000 with at least two decimals ("4.0000" -> "4.00", "0.125" stays). */
export function apiRate(pricePer1000: string): string {
  const [whole = "0", fraction = ""] = pricePer1000.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return `${whole}.${trimmed.padEnd(2, "0")}`;
}

// What a service delivers, as panels name their categories ("Instagram Likes", "YouTube Watch Time").
const KINDS =
  /(Watch Time|Likes|Comments|Replies|Followers|Subscribers|Views|Plays|Listeners|Saves|Shares|Reposts|Notifications)$/;

/**
 * A panel-style category (panels read it as free text): the operator's category when the service has one, prefixed
 * with its platform's name ("Telegram Members"); else the platform and what the service delivers ("Instagram
 * Comments"), else the platform's name.
 */
function apiCategory(service: { platformName: string; name: string; categoryName?: string | null }): string {
  if (service.categoryName) return withPlatform(service.platformName, service.categoryName);
  const kind = KINDS.exec(service.name.trim())?.[1];
  return kind ? `${service.platformName} ${kind}` : service.platformName;
}

/** "Members" on Telegram -> "Telegram Members"; a category that already names its platform is kept. */
function withPlatform(platformName: string, categoryName: string): string {
  return categoryName.toLowerCase().startsWith(platformName.toLowerCase())
    ? categoryName
    : `${platformName} ${categoryName}`;
}

/** A subscription's category: the platform and what each post gets, as panels name them ("Instagram Auto Likes"). */
function apiSubscriptionCategory(service: {
  platformName: string;
  name: string;
  categoryName: string | null;
}): string {
  if (service.categoryName) return withPlatform(service.platformName, service.categoryName);
  const kind = KINDS.exec(service.name.trim())?.[1];
  return `${service.platformName} ${kind ? `Auto ${kind}` : "Subscriptions"}`;
}

/**
 * What `add` can place today, in the standard `services` shape: every enabled one-time service (the Quick Order
 * list), by its integer API id, then, while auto orders are on, every auto service as a Subscriptions service
 * (docs/decisions/023-api-subscriptions.md: min and max per post, cancellable with the remaining posts refunded).
 * `refill` and `cancel` are the service's terms (product rules 4.14, docs/decisions/046), the ones its pages and
 * /orders show: refillable where it has a refill window; cancellable where a started order's cancel is still
 * asked (its provider takes cancels, or a person delivers it). With a customer's discount (the key owner's, product
 * rules 15.29) every `rate` is theirs: the rate less the discount, exact; a package's the discounted pack price.
 */
export async function listApiServices(db: Executor, discountTenths = NO_DISCOUNT): Promise<ApiService[]> {
  const [{ all }, subscriptions, packages] = await Promise.all([
    listQuickOrderServices(db),
    listApiSubscriptionServices(db, discountTenths),
    listApiPackages(db, discountTenths),
  ]);
  const terms = await readServiceTerms(
    db,
    all.map((service) => service.id),
  );
  const oneTime = all.map(
    (service): ApiService => ({
      service: service.apiId,
      name: formatServiceName(service.name),
      ...apiOrderTypeFacts(service),
      category: apiCategory(service),
      rate: oneTimeRate(service, discountTenths),
      min: String(service.minQuantity),
      max: String(service.maxQuantity),
      ...apiTermFlags(terms.get(service.id) ?? { refillDays: service.refillDays, cancel: "before_sent" }),
    }),
  );
  return [...oneTime, ...packages, ...subscriptions];
}

/**
 * A one-time service's rate for a customer with `discountTenths` off (product rules 15.29): per 1000 less the
 * discount, exactly; a Package's is the price of its one package, so it is the discounted charge itself.
 */
function oneTimeRate(service: ServiceRate, discountTenths: number): string {
  if (discountTenths === NO_DISCOUNT) return apiRate(service.pricePer1000);
  if (service.orderType === "package")
    return apiDollars(discountedCharge(chargeForQuantity(service, PACKAGE_QUANTITY), discountTenths));
  return apiRate(discountedRate(service.pricePer1000, discountTenths));
}

/** The auto services placeAutoOrder accepts, as Subscriptions; none while an admin has auto orders off. */
async function listApiSubscriptionServices(db: Executor, discountTenths: number): Promise<ApiService[]> {
  const [settings, autoServices] = await Promise.all([readSettingsCached(db), listAutoServices(db)]);
  if (!settings.autoOrdersEnabled) return [];
  return autoServices.map((service) => ({
    service: service.apiId,
    name: formatServiceName(service.name),
    type: "Subscriptions",
    category: apiSubscriptionCategory(service),
    rate: apiRate(discountedRate(service.pricePer1000, discountTenths)),
    min: String(service.minQuantity),
    max: String(service.maxQuantity),
    dripfeed: false,
    refill: false,
    cancel: true,
  }));
}

/**
 * The likes packs as Package services (docs/decisions/021): ordered with a link only, one pack per order, so the
 * rate is the pack's price and min and max are 1; listed while the Instagram Likes service that delivers them is on,
 * with that service's terms (product rules 4.18).
 */
async function listApiPackages(db: Executor, discountTenths: number): Promise<ApiService[]> {
  const [packs, likes, terms] = await Promise.all([
    listLikesPacks(db),
    findOrderableServiceBySlug(db, LIKES_PACK_SERVICES.likes),
    readLikesPackTerms(db),
  ]);
  if (!likes || !terms) return [];
  return packs.map((pack) => ({
    service: pack.apiId,
    name: likesPackProductName(pack.name),
    ...API_PACKAGE_FACTS,
    category: "Instagram Likes Packages",
    rate: apiDollars(discountedCharge(pack.priceCents, discountTenths)),
    min: "1",
    max: "1",
    ...apiTermFlags(terms),
  }));
}
