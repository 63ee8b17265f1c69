import { Link } from "react-router";
import { Breadcrumb } from "../../components/blog/breadcrumb.tsx";
import { ServiceTermsList } from "../../components/order/service-terms.tsx";
import { featuresBesideTerms, type ServiceTerms } from "../../domain/orders/service-terms.ts";
import type { ServiceOrderType } from "../../domain/pricing/price.ts";
import { formatCount, formatRate } from "../../lib/format-money.ts";

type HeroService = {
  name: string;
  description: string;
  platform: string;
  platformName: string;
  serviceType: "one_time" | "auto";
  pricePer1000: string;
  orderType: ServiceOrderType;
  unitLabel: string | null;
  minQuantity: number;
  maxQuantity: number;
  features: string[];
};

/** The top of a service page: name, price per 1000, limits, refill and cancel terms, features and Order Now. */
export function ServiceHero({
  service,
  terms,
  orderHref,
}: {
  service: HeroService;
  terms: ServiceTerms;
  orderHref: string;
}) {
  const platform = service.platformName;
  const features = featuresBesideTerms(service.features);
  // A Package's price is per package (product rules 13.10).
  const unit =
    service.orderType === "package"
      ? " per package"
      : service.unitLabel
        ? `/1000 ${service.unitLabel}`
        : "/1000";
  const action = service.serviceType === "auto" ? "Setup Auto Service" : "Order Now";
  return (
    <section className="bg-gradient-to-br from-brand-700 via-brand-600 to-pink-600 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-3">
          <div className="text-brand-50">
            <Breadcrumb
              items={[
                { label: "Home", to: "/" },
                { label: platform, to: `/services/${service.platform}` },
                { label: service.name },
              ]}
            />
          </div>
          <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-5xl">
            {`Buy ${service.name}`}
            {service.serviceType === "auto" ? (
              <span className="ml-3 inline-block rounded-full bg-white/20 px-3 py-1 align-middle text-sm font-bold tracking-wide">
                AUTO
              </span>
            ) : null}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-brand-50">
            {service.description ||
              `High-quality ${platform} engagement, delivered safely with no password needed.`}
          </p>
          {features.length ? (
            <ul className="mt-6 grid gap-2 sm:grid-cols-2" aria-label="Features">
              {features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <span aria-hidden="true" className="mt-0.5 font-bold">
                    ✓
                  </span>
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="lg:col-span-2">
          <div className="rounded-2xl bg-white p-6 text-slate-900 shadow-lg" data-testid="service-price-card">
            <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">Price</p>
            <p className="mt-1 text-4xl font-extrabold text-brand-700">
              {formatRate(service.pricePer1000)}
              <span className="text-base font-semibold text-slate-500">{unit}</span>
            </p>
            <dl className="mt-5 grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Minimum order</dt>
                <dd className="font-semibold">{formatCount(service.minQuantity)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Maximum order</dt>
                <dd className="font-semibold">{formatCount(service.maxQuantity)}</dd>
              </div>
            </dl>
            <ServiceTermsList terms={terms} className="mt-4 text-slate-700" />
            <Link
              to={orderHref}
              data-testid="service-order-now"
              aria-label={`${action}: ${service.name}`}
              className="mt-6 block rounded-lg bg-brand-600 px-4 py-3 text-center font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {action}
            </Link>
            <p className="mt-3 text-center text-xs text-slate-500">No password needed · 24/7 support</p>
          </div>
        </div>
      </div>
    </section>
  );
}
