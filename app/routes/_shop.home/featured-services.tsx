import { Link } from "react-router";
import type { ServiceOrderType } from "../../domain/pricing/price.ts";
import { formatRate } from "../../lib/format-money.ts";
import { SectionHeading } from "./section-heading.tsx";

export type FeaturedCard = {
  id: string;
  slug: string;
  name: string;
  description: string;
  serviceType: "one_time" | "auto";
  pricePer1000: string;
  orderType: ServiceOrderType;
};

/** Featured services from the catalogue (at most six), each linking to its service page. */
export function FeaturedServices({ services }: { services: FeaturedCard[] }) {
  if (services.length === 0) return null;
  return (
    <section aria-labelledby="featured-title" className="bg-slate-50 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="featured-title"
          eyebrow="Featured"
          title="Featured services"
          lead="Our customers' favourites, including hands-free automatic services."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li
              key={service.id}
              data-testid="featured-service"
              className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <div className="flex items-start justify-between gap-3">
                <h3 className="text-lg font-bold text-slate-900">{service.name}</h3>
                {service.serviceType === "auto" ? (
                  <span className="shrink-0 rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-bold text-brand-800">
                    AUTO
                  </span>
                ) : null}
              </div>
              <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{service.description}</p>
              <p className="mt-4 text-2xl font-extrabold text-slate-900" data-testid="featured-price">
                {formatRate(service.pricePer1000)}
                <span className="text-base font-medium text-slate-500">
                  {service.orderType === "package" ? " per package" : "/1k"}
                </span>
              </p>
              <Link
                to={`/service/${service.slug}`}
                className="mt-5 rounded-lg bg-brand-600 px-4 py-2.5 text-center text-sm font-semibold text-white hover:bg-brand-700"
              >
                {service.serviceType === "auto" ? "Setup Auto Service" : "Order Now"}
                <span className="sr-only">: {service.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
