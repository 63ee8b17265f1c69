import { useState } from "react";
import { data, useRouteLoaderData } from "react-router";
import { WhyChoose } from "../../components/catalog/why-choose.tsx";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { Input } from "../../components/ui/input.tsx";
import { listLikesPacks } from "../../domain/catalog/list-likes-packs.server.ts";
import { readPlatformList } from "../../domain/catalog/read-platform-list.server.ts";
import { fromPrice } from "../../domain/pricing/from-price.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/route";
import { platformCopy } from "./platform-copy.ts";
import { RealLikesCard } from "./real-likes-card.tsx";
import { ServiceCard } from "./service-card.tsx";

/** The query parameters this page reads: its kept address holds these and no others (docs/decisions/035). */
export const handle: PageHandle = { pageQuery: ["link"] };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const isInstagram = params.platform === "instagram";
  const [list, packs] = await Promise.all([
    readPlatformList(shopDatabase(context), params.platform),
    isInstagram ? listLikesPacks(shopDatabase(context)) : Promise.resolve([]),
  ]);
  if (!list) throw data(null, { status: 404 });
  const lowestPackCents = fromPrice(
    [],
    packs.map((pack) => pack.priceCents),
  );
  const packSizes = packs.map((pack) => pack.likes);
  const postLink = isInstagram ? (new URL(request.url).searchParams.get("link") ?? "").slice(0, 500) : "";
  return { ...list, lowestPackCents, packSizes, postLink };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  if (!loaderData) return [{ title: "Page not found | Boostly" }, { name: "robots", content: "noindex" }];
  const copy = platformCopy(loaderData.platform);
  return pageMeta({
    title: copy.metaTitle,
    description: copy.metaDescription,
    path: `/services/${params.platform}`,
    matches,
  });
};

export default function PlatformServices({ loaderData }: Route.ComponentProps) {
  const { platform, ungrouped, sections, automatic, lowestPackCents } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const signedIn = Boolean(root?.user);
  const [postLink, setPostLink] = useState(loaderData.postLink);
  const copy = platformCopy(platform);
  const isInstagram = platform.slug === "instagram";
  const empty = ungrouped.length + sections.length + automatic.length === 0 && lowestPackCents === null;

  return (
    <main>
      <section className="bg-gradient-to-br from-brand-700 via-brand-600 to-pink-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{platform.name}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-5xl">{copy.heading}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-brand-50">{copy.intro}</p>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-14 px-4 py-12 sm:px-6 lg:px-8">
        {isInstagram ? (
          <form
            method="get"
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
            onSubmit={(event) => event.preventDefault()}
          >
            <Input
              label="Instagram post link"
              id="post-link"
              name="link"
              type="url"
              inputMode="url"
              placeholder="https://www.instagram.com/p/..."
              hint="Paste your post link once; every Order Now below carries it to the order page."
              value={postLink}
              onChange={(event) => setPostLink(event.target.value)}
            />
          </form>
        ) : null}

        {empty ? (
          <section
            className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-16 text-center"
            data-testid="services-empty"
          >
            <h2 className="text-xl font-bold text-slate-900">No services available right now</h2>
            <p className="mt-2 text-slate-600">
              We are updating our {platform.name} services. Please check back soon or browse another platform.
            </p>
          </section>
        ) : null}

        {ungrouped.length > 0 || lowestPackCents !== null ? (
          <section aria-labelledby="regular-services">
            <h2 id="regular-services" className="text-2xl font-bold tracking-tight text-slate-900">
              {isInstagram
                ? "One-time Services"
                : `${sections.length > 0 ? "More" : "All"} ${platform.name} Services`}
            </h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {isInstagram && lowestPackCents !== null ? (
                <RealLikesCard fromCents={lowestPackCents} packSizes={loaderData.packSizes} />
              ) : null}
              {ungrouped.map((service) => (
                <ServiceCard key={service.id} service={service} signedIn={signedIn} postLink={postLink} />
              ))}
            </div>
          </section>
        ) : null}

        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`category-${section.id}`} data-testid="category-section">
            <h2 id={`category-${section.id}`} className="text-2xl font-bold tracking-tight text-slate-900">
              {section.name}
            </h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {section.services.map((service) => (
                <ServiceCard key={service.id} service={service} signedIn={signedIn} postLink={postLink} />
              ))}
            </div>
          </section>
        ))}

        {automatic.length > 0 ? (
          <section aria-labelledby="auto-services">
            <h2 id="auto-services" className="text-2xl font-bold tracking-tight text-slate-900">
              Automatic Services
            </h2>
            <p className="mt-2 text-slate-600">
              Set it up once with your username: every new post gets engagement automatically.
            </p>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {automatic.map((service) => (
                <ServiceCard key={service.id} service={service} signedIn={signedIn} />
              ))}
            </div>
          </section>
        ) : null}

        <WhyChoose title={`Why choose Boostly for ${platform.name}?`} reasons={copy.why} />
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
