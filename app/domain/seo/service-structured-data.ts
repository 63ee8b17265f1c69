import type { ServicePageService } from "./service-page.server.ts";
import type { FaqItem } from "./service-page-copy.ts";

/** A decimal price string as schema.org wants it ("4.0000" -> "4.00"), cut (not rounded) past the cent. */
function schemaPrice(pricePer1000: string): string {
  const [whole = "0", fraction = ""] = pricePer1000.trim().split(".");
  return `${whole}.${fraction.padEnd(2, "0").slice(0, 2)}`;
}

/** schema.org Service with its offer (price per 1000 units, or per package) and the page's FAQPage. */
export function servicePageJsonLd(service: ServicePageService, faq: FaqItem[], origin: string, path: string) {
  const url = `${origin}${path}`;
  return [
    {
      "@context": "https://schema.org",
      "@type": "Service",
      name: service.name,
      description: service.description || `${service.name} from Boostly.`,
      serviceType: `${service.platformName} growth`,
      url,
      provider: { "@type": "Organization", name: "Boostly", url: origin || undefined },
      areaServed: "Worldwide",
      offers: {
        "@type": "Offer",
        url,
        priceCurrency: "USD",
        price: schemaPrice(service.pricePer1000),
        availability: "https://schema.org/InStock",
        eligibleQuantity: {
          "@type": "QuantitativeValue",
          minValue: service.minQuantity,
          maxValue: service.maxQuantity,
        },
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: schemaPrice(service.pricePer1000),
          priceCurrency: "USD",
          // A Package's price is per package (product rules 13.10).
          referenceQuantity: {
            "@type": "QuantitativeValue",
            value: service.orderType === "package" ? 1 : 1000,
          },
        },
      },
    },
    {
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: faq.map((item) => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: item.answer },
      })),
    },
  ];
}
