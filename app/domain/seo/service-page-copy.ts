import { formatCents, formatCount, formatPackagePrice, formatRate } from "../../lib/format-money.ts";
import type { ListedService } from "../catalog/list-platform-services.server.ts";
import { PROMISE_TEXT } from "../content/shop-promises.ts";
import { featuresBesideTerms } from "../orders/service-terms.ts";
import { chargeForQuantity } from "../pricing/price.ts";

/** The data the generated copy is written from (any listed service, with its platform's name). */
export type ServiceCopyInput = Omit<ListedService, "id" | "slug"> & { platformName: string };

export type FaqItem = { question: string; answer: string };
export type SeoSection = { heading: string; paragraphs: string[] };

/** "$4.00 per 1,000", "$25.00 per 1,000 hrs", or "$7.95 per package" for a Package (product rules 13.10). */
export function priceLabel(
  service: Pick<ServiceCopyInput, "pricePer1000" | "unitLabel" | "orderType">,
): string {
  if (service.orderType === "package") return formatPackagePrice(service.pricePer1000);
  return `${formatRate(service.pricePer1000)} per 1,000${service.unitLabel ? ` ${service.unitLabel}` : ""}`;
}

/** What one order takes: any quantity within the limits, or one package. */
function howManyLine(service: ServiceCopyInput): string {
  if (service.orderType === "package")
    return `It costs ${priceLabel(service)}: one package per order, at one fixed price.`;
  const minCost = formatCents(chargeForQuantity(service, service.minQuantity));
  return `It costs ${priceLabel(service)}, and you choose exactly how many you want: from ${formatCount(service.minQuantity)} up to ${formatCount(service.maxQuantity)} per order, so the smallest order is only ${minCost}.`;
}

/** The unit the service sells, in lower case ("followers", "story views"), from its name. */
function unitWord(service: ServiceCopyInput): string {
  // The operator names a platform: its name is text, never a pattern.
  const platform = service.platformName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const rest = service.name.replace(new RegExp(`^${platform}\\s+`, "i"), "").replace(/^auto\s+/i, "");
  return (rest || service.name).toLowerCase();
}

function targetPhrase(service: ServiceCopyInput): string {
  if (service.serviceType === "auto") return `your ${service.platformName} username`;
  return service.targetKind === "profile"
    ? `the link to your ${service.platformName} profile`
    : `the link to your ${service.platformName} post`;
}

/** The page's description line (meta description and the hero's fallback). */
export function serviceMetaDescription(service: ServiceCopyInput): string {
  const size =
    service.orderType === "package"
      ? "One package per order"
      : `Orders from ${formatCount(service.minQuantity)} to ${formatCount(service.maxQuantity)}`;
  const base = `Buy ${service.name} from ${priceLabel(service)}. ${size}, no password needed, fast start and 24/7 support.`;
  return base.length > 160 ? `${base.slice(0, 157)}...` : base;
}

/** The SEO block: what the service is, how delivery works and why it helps, written from its data. */
export function serviceSeoSections(service: ServiceCopyInput): SeoSection[] {
  const platform = service.platformName;
  const unit = unitWord(service);
  const isAuto = service.serviceType === "auto";
  const description = service.description.trim();
  return [
    {
      heading: `What is ${service.name}?`,
      paragraphs: [
        `${service.name} is a Boostly service that adds ${unit} to your ${platform} ${isAuto ? "posts automatically, every time you publish" : service.targetKind === "profile" ? "profile" : "content"}.${description ? ` ${description}` : ""}`,
        howManyLine(service),
      ],
    },
    {
      heading: "How delivery works",
      paragraphs: [
        isAuto
          ? `Set it up once with ${targetPhrase(service)} and the number of posts you want covered. Each new post you publish receives its ${unit} automatically, and you can pause or cancel at any time; posts you did not use are refunded to your wallet.`
          : `Paste ${targetPhrase(service)}, choose a quantity and pay from your Boostly wallet. ${PROMISE_TEXT.delivery} ${PROMISE_TEXT.pacing}`,
        "We never ask for your password: only the public link or username is needed, and your account stays fully in your hands.",
      ],
    },
    {
      heading: `Why ${service.name} helps`,
      paragraphs: [
        `Social proof matters on ${platform}: content and profiles that already show engagement get more attention from people and from the algorithm. ${service.name} gives your account that early signal, so the work you put into your content reaches more of the audience it deserves.`,
        ...(featuresBesideTerms(service.features).length
          ? [
              `What you get: ${featuresBesideTerms(service.features)
                .map((feature) => feature.trim())
                .filter(Boolean)
                .join(", ")}.`,
            ]
          : []),
      ],
    },
  ];
}

/** The generated FAQ: six questions about this service's limits, price, delivery and safety. */
export function serviceFaq(service: ServiceCopyInput): FaqItem[] {
  const platform = service.platformName;
  const unit = unitWord(service);
  const thousand = formatCents(chargeForQuantity(service, 1000));
  const isPackage = service.orderType === "package";
  return [
    {
      question: `How much does ${service.name} cost?`,
      answer: isPackage
        ? `${service.name} costs ${priceLabel(service)}, one package per order.`
        : `${service.name} costs ${priceLabel(service)}. You pay only for the quantity you order: 1,000 ${unit} cost ${thousand}${service.serviceType === "auto" ? " per post" : ""}.`,
    },
    {
      question: `What is the minimum and maximum order for ${service.name}?`,
      answer: `You can order from ${formatCount(service.minQuantity)} to ${formatCount(service.maxQuantity)} ${unit} in one order${service.serviceType === "auto" ? ", for each post" : ""}.`,
    },
    {
      question: `How fast will my ${platform} ${unit} be delivered?`,
      answer:
        service.serviceType === "auto"
          ? `Each new post receives its ${unit} soon after you publish it; delivery is gradual so it looks natural.`
          : `${PROMISE_TEXT.delivery} ${PROMISE_TEXT.pacing}`,
    },
    {
      question: `Do you need my ${platform} password?`,
      answer: `No. We only need ${targetPhrase(service)}. Never share your password with anyone.`,
    },
    {
      question: `Is ${service.name} safe for my account?`,
      // The refill is promised only where the service has one, for its own window (product rules 4.19).
      answer: `Yes. Nothing requires access to your account. ${
        service.refillDays === null
          ? `This service has no refill, so ${unit} that drop after delivery are not topped up.`
          : `If some ${unit} drop within ${service.refillDays} days, we refill them for free.`
      }`,
    },
    {
      question: `How do I order ${service.name}?`,
      answer: `Create a free account, add funds to your wallet, then press Order Now on this page, enter ${targetPhrase(service)} and the quantity, and confirm.`,
    },
  ];
}
