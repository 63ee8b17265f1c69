import { data, Link, useRouteLoaderData } from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { JsonLdScript } from "../../components/service-page/json-ld-script.tsx";
import { orderNowHref, serviceOrderPath } from "../../domain/catalog/order-path.ts";
import { completionTimeText } from "../../domain/orders/delivery-pace.ts";
import { readOneServiceTerms } from "../../domain/orders/read-service-terms.server.ts";
import { readServiceCompletionTime } from "../../domain/orders/service-completion-times.server.ts";
import { findServicePage } from "../../domain/seo/service-page.server.ts";
import {
  serviceFaq,
  serviceMetaDescription,
  serviceSeoSections,
} from "../../domain/seo/service-page-copy.ts";
import { servicePageJsonLd } from "../../domain/seo/service-structured-data.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { env } from "../../lib/env.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/route";
import { ServiceFaq } from "./service-faq.tsx";
import { ServiceHero } from "./service-hero.tsx";
import { ServiceSeoBlock } from "./service-seo-block.tsx";

export async function loader({ params, context }: Route.LoaderArgs) {
  const service = await findServicePage(shopDatabase(context), params.slug);
  if (!service) throw data(null, { status: 404 });
  // One canonical address per service: its stored slug (aliases and renamed names point there).
  const path = `/service/${service.slug}`;
  const terms = await readOneServiceTerms(shopDatabase(context), service.id);
  if (!terms) throw data(null, { status: 404 });
  const faq = serviceFaq(service);
  // A shop figure (product rules 4.23): a kept visitor page shows it at most SHOP_FIGURES_MAX_AGE_MINUTES old.
  const completionSeconds = await readServiceCompletionTime(shopDatabase(context), service.id);
  return {
    completionTime: completionSeconds === null ? null : completionTimeText(completionSeconds),
    service,
    terms,
    path,
    faq,
    sections: serviceSeoSections(service),
    orderPath: serviceOrderPath(service),
    structuredData: servicePageJsonLd(service, faq, env().appUrl, path),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: "Page not found | Boostly" }, { name: "robots", content: "noindex" }];
  const { service, path } = loaderData;
  return pageMeta({
    title: `Buy ${service.name}`,
    description: serviceMetaDescription(service),
    path,
    matches,
  });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, terms, faq, sections, orderPath, structuredData, completionTime } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const orderHref = orderNowHref(orderPath, Boolean(root?.user));
  const platform = service.platformName;
  return (
    <main>
      {structuredData.map((item) => (
        <JsonLdScript key={item["@type"]} data={item} />
      ))}
      <ServiceHero service={service} terms={terms} orderHref={orderHref} />
      {completionTime ? (
        <p
          className="mx-auto max-w-7xl px-4 pt-6 text-sm text-slate-700 sm:px-6 lg:px-8"
          data-testid="service-completion-time"
        >
          {completionTime}
        </p>
      ) : null}
      <div className="mx-auto max-w-7xl space-y-14 px-4 py-12 sm:px-6 lg:px-8">
        <ServiceSeoBlock sections={sections} />
        <ServiceFaq title={`${service.name}: frequently asked questions`} items={faq} />
        <section className="rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center sm:p-10">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">Ready to get {service.name}?</h2>
          <p className="mx-auto mt-2 max-w-xl text-slate-600">
            Order in under a minute: no password, delivery starting within minutes, and support around the
            clock.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link
              to={orderHref}
              className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              {service.serviceType === "auto" ? "Setup Auto Service" : "Order Now"}
            </Link>
            <Link
              to={`/services/${service.platform}`}
              className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-100"
            >
              All {platform} services
            </Link>
          </div>
        </section>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
