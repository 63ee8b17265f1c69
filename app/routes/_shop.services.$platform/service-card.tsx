import { Link } from "react-router";
import type { ListedService } from "../../domain/catalog/list-platform-services.server.ts";
import { orderNowHref, serviceOrderPath } from "../../domain/catalog/order-path.ts";
import { formatCount, formatPackagePrice, formatRate } from "../../lib/format-money.ts";

/** The delivery or type line of a card (customer spec, platform lists). */
function deliveryLine(service: ListedService): string {
  if (service.serviceType === "auto") return "Type: Automatic, on each new post";
  return service.targetKind === "profile"
    ? "Delivery: starts within minutes, to your profile"
    : "Delivery: starts within minutes, to your post";
}

/** One service of a platform list: price, limits and Order Now. */
export function ServiceCard({
  service,
  signedIn,
  postLink = "",
}: {
  service: ListedService;
  signedIn: boolean;
  postLink?: string;
}) {
  const unit = service.unitLabel ? `/1000 ${service.unitLabel}` : "/1000";
  // A Package has one price, per package (product rules 13.10).
  const price =
    service.orderType === "package"
      ? formatPackagePrice(service.pricePer1000)
      : `Starting at ${formatRate(service.pricePer1000)}${unit}`;
  const href = orderNowHref(serviceOrderPath(service, postLink), signedIn);
  return (
    <article
      data-testid="service-card"
      aria-labelledby={`service-${service.id}`}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={`service-${service.id}`} className="text-lg font-bold text-slate-900">
          {service.name}
        </h3>
        {service.serviceType === "auto" ? (
          <span className="shrink-0 rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white">
            AUTO
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-sm font-semibold text-brand-700">{price}</p>
      <p className="mt-3 flex-1 text-sm leading-6 text-slate-600">
        {service.description || "High-quality engagement delivered safely, with no password needed."}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Min</dt>
          <dd className="font-semibold text-slate-900">{formatCount(service.minQuantity)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Max</dt>
          <dd className="font-semibold text-slate-900">{formatCount(service.maxQuantity)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-slate-500">{deliveryLine(service)}</p>
      <Link
        to={href}
        aria-label={`Order Now: ${service.name}`}
        className="mt-5 rounded-lg bg-brand-600 px-4 py-2.5 text-center text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        Order Now
      </Link>
    </article>
  );
}
