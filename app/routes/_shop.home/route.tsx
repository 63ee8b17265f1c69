import { WhyChoose } from "../../components/catalog/why-choose.tsx";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { listFollowerPackages } from "../../domain/catalog/follower-packages.server.ts";
import { listFeaturedServices } from "../../domain/catalog/list-featured-services.server.ts";
import { listLikesPacks } from "../../domain/catalog/list-likes-packs.server.ts";
import { listPlatformFromPrices } from "../../domain/catalog/list-platform-from-prices.server.ts";
import { readShopFigures } from "../../domain/content/read-shop-figures.server.ts";
import { PROMISES } from "../../domain/content/shop-promises.ts";
import { readSettings } from "../../domain/settings/read-settings.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";
import { CategoryGrid } from "./category-grid.tsx";
import { BrowseByPlatform, ClosingCallToAction } from "./closing.tsx";
import { Faq } from "./faq.tsx";
import { FeaturedServices } from "./featured-services.tsx";
import { Hero } from "./hero.tsx";
import { HowItWorks } from "./how-it-works.tsx";
import { type HomePackage, PackageTabs } from "./package-tabs.tsx";
import { Stats } from "./stats.tsx";
import { Testimonials } from "./testimonials.tsx";

// The BIG pack is the one the spec marks Most Popular.
const POPULAR_PACK = "big";

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, featured, followerPackages, packs, fromPrices, figures] = await Promise.all([
    readSettings(shopDatabase(context)),
    listFeaturedServices(shopDatabase(context)),
    listFollowerPackages(shopDatabase(context)),
    listLikesPacks(shopDatabase(context)),
    listPlatformFromPrices(shopDatabase(context)),
    readShopFigures(shopDatabase(context)),
  ]);
  const followers: HomePackage[] = followerPackages.map((pkg) => ({
    key: String(pkg.count),
    name: pkg.name,
    amount: pkg.count,
    priceCents: pkg.priceCents,
    popular: pkg.popular,
    href: `/order/instagram-followers?pkg=${pkg.count}`,
  }));
  const likes: HomePackage[] = packs.map((pack) => ({
    key: pack.code,
    name: pack.name,
    amount: pack.likes,
    priceCents: pack.priceCents,
    popular: pack.code === POPULAR_PACK,
    href: `/order/real-instagram-likes?pkg=${pack.code}`,
  }));
  return {
    hero: { title: settings.heroTitle, subtitle: settings.heroSubtitle },
    featured: featured.map(({ id, slug, name, description, serviceType, pricePer1000, orderType }) => ({
      id,
      slug,
      name,
      description,
      serviceType,
      pricePer1000,
      orderType,
    })),
    followers,
    likes,
    fromPrices: Object.fromEntries(fromPrices),
    figures,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Buy Instagram, TikTok, YouTube & Spotify Growth Services",
    description:
      "Grow on Instagram, TikTok, YouTube, Spotify and more with real likes, followers, views and plays. No password needed, delivery within minutes, 24/7 support.",
    path: "/",
    matches,
  });

const reasons = [
  { title: "Real, active accounts", text: "Engagement from real profiles that looks natural and lasts." },
  {
    title: "Fast, gradual delivery",
    text: `Orders start ${PROMISES.deliveryStart} and arrive at a natural pace.`,
  },
  { title: "Safe and private", text: "No password ever. We only need a username or a post link." },
  {
    title: "Refills and refunds",
    text: "Refills where the service offers them, its terms shown before you order, and refunds to your wallet if we cannot deliver.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <Hero
        title={loaderData.hero.title}
        subtitle={loaderData.hero.subtitle}
        customers={loaderData.figures.customers}
      />
      <CategoryGrid fromPrices={loaderData.fromPrices} />
      <HowItWorks />
      <PackageTabs followers={loaderData.followers} likes={loaderData.likes} />
      <FeaturedServices services={loaderData.featured} />
      <Testimonials />
      <Stats figures={loaderData.figures} />
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <WhyChoose title="Why choose Boostly?" reasons={reasons} />
      </div>
      <Faq />
      <ClosingCallToAction />
      <BrowseByPlatform />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
