import type { ReactNode } from "react";
import { Outlet, useRouteLoaderData } from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { SiteBanner } from "../../components/layout/site-banner.tsx";
import { SPECIFICATION_PLATFORMS } from "../../domain/catalog/platforms.ts";
import { MAINTENANCE_NOTICE } from "../../domain/settings/messages.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/route";
import { ScrollToTop } from "./scroll-to-top.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { ViewingBanner } from "./viewing-banner.tsx";

/** The storefront layout: banner, sticky header, the page, footer. */
export default function ShopLayout() {
  return (
    <ShopFrame>
      <Outlet />
    </ShopFrame>
  );
}

/**
 * A storefront page's error that its own route does not catch: the message inside the shop's header and footer,
 * not the bare root page. The frame reads only the root's data, which is there whenever this boundary renders
 * (a failed root loader is the root boundary's), and falls back to a visitor's header without it.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ShopFrame>
      <ShopRouteError error={error} />
    </ShopFrame>
  );
}

/** Banner, sticky header, the body, footer; the site's settings and listed platforms from the root's data. */
function ShopFrame({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const platforms = root?.site.platforms ?? SPECIFICATION_PLATFORMS;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <ScrollToTop />
      {root?.viewing ? <ViewingBanner viewing={root.viewing} /> : null}
      {root?.site.maintenance ? (
        <p
          role="status"
          data-testid="maintenance-notice"
          className="border-b border-amber-200 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950"
        >
          {MAINTENANCE_NOTICE}
        </p>
      ) : null}
      {root?.banner ? <SiteBanner banner={root.banner} /> : null}
      <SiteHeader user={root?.user ?? null} platforms={platforms} />
      <div id="main-content" className="flex-1">
        {children}
      </div>
      <SiteFooter
        platforms={platforms}
        supportEmail={root?.site.supportEmail ?? "support@boostly.example"}
        footerText={root?.site.footerText ?? ""}
        paymentMethods={root?.site.facts.paymentMethods ?? []}
      />
    </div>
  );
}
