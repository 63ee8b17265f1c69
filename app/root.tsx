import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ToastProvider } from "./components/ui/toaster.tsx";
import { getCurrentUser, refuseChangesWhileViewing } from "./domain/accounts/session.server.ts";
import { shopFactsFrom } from "./domain/content/read-shop-facts.server.ts";
import { readSiteFrame } from "./domain/content/read-site-frame.server.ts";
import { usePageViews } from "./lib/analytics.ts";
import { isAdminPath } from "./lib/analytics-events.ts";
import { useNonce } from "./lib/csp-nonce.ts";
import { shopDatabase } from "./lib/database-context.server.ts";
import { env } from "./lib/env.server.ts";
import { InlineStylesheet } from "./lib/inline-stylesheet.tsx";
import { LiveBalanceProvider } from "./lib/live/live-balance.tsx";
import { refusalMessage } from "./lib/request-body.ts";
import { takeToast } from "./lib/toast.server.ts";

/** No storefront change while a staff session views a customer, whatever the route (product rules 15.33). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    await refuseChangesWhileViewing(request);
    return next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, { toast, headers }, { banner, settings, platforms, gateways }] = await Promise.all([
    getCurrentUser(request),
    takeToast(request),
    readSiteFrame(shopDatabase(context)),
  ]);
  return data(
    {
      user: user
        ? {
            id: user.id,
            email: user.email,
            balanceCents: user.balanceCents,
            isAdmin: user.staffRole !== null,
          }
        : null,
      // A staff member viewing the shop as this customer (product rules 15.32): the banner's data.
      viewing: user?.viewedBy
        ? { email: user.email, expiresAt: user.viewedBy.expiresAt.toISOString() }
        : null,
      toast,
      banner,
      site: {
        supportEmail: settings.supportEmail,
        footerText: settings.footerText,
        origin: env().appUrl,
        maintenance: settings.maintenanceMode,
        // What the pages' promises and the footer's payment badges quote (product rules 11).
        facts: shopFactsFrom(settings, gateways),
        // The listed platforms the Services menus link (docs/decisions/038).
        platforms,
      },
      analytics: {
        plausibleDomain: env().plausibleDomain ?? null,
        gaMeasurementId: env().gaMeasurementId ?? null,
      },
    },
    { headers },
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <InlineStylesheet nonce={nonce} />
        <Links />
        <ThirdPartyAnalytics nonce={nonce} />
      </head>
      <body className="min-h-screen font-sans">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The optional hosted analytics tag (PLAUSIBLE_DOMAIN or GA_MEASUREMENT_ID; none by default), never on admin
 * pages. Both are loaded in manual mode: app/lib/analytics.ts sends their page views and events.
 */
function ThirdPartyAnalytics({ nonce }: { nonce: string }) {
  const config = useRouteLoaderData<typeof loader>("root")?.analytics;
  const { pathname } = useLocation();
  if (!config || isAdminPath(pathname)) return null;
  const { plausibleDomain, gaMeasurementId } = config;
  return (
    <>
      {plausibleDomain ? (
        <>
          <script
            nonce={nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed queue stub, nonce'd for the CSP.
            dangerouslySetInnerHTML={{
              __html:
                "window.plausible=window.plausible||function(){(window.plausible.q=window.plausible.q||[]).push(arguments)}",
            }}
          />
          <script
            defer
            nonce={nonce}
            data-domain={plausibleDomain}
            src="https://plausible.io/js/script.manual.js"
          />
        </>
      ) : null}
      {gaMeasurementId ? (
        <>
          <script
            async
            nonce={nonce}
            src={`https://www.googletagmanager.com/gtag/js?id=${gaMeasurementId}`}
          />
          <script
            nonce={nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the id is checked at start-up (G-XXXX), nonce'd.
            dangerouslySetInnerHTML={{
              __html: `window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};gtag("js",new Date());gtag("config",${JSON.stringify(gaMeasurementId)},{send_page_view:false});`,
            }}
          />
        </>
      ) : null}
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  usePageViews();
  return (
    <ToastProvider initial={loaderData.toast}>
      <LiveBalanceProvider
        userId={loaderData.user?.id ?? null}
        loaderBalanceCents={loaderData.user?.balanceCents ?? null}
      >
        <Outlet />
      </LiveBalanceProvider>
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const refused = refusalMessage(error);
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-white px-6 py-24">
      <title>{notFound ? "Page not found | Boostly" : "Something went wrong | Boostly"}</title>
      <meta name="robots" content="noindex" />
      <div className="max-w-xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
          {notFound ? "Error 404" : `Error ${status}`}
        </p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {notFound ? "Oops! Page not found" : "Something went wrong"}
        </h1>
        <p className="mt-4 text-slate-600">
          {notFound
            ? "The page you are looking for does not exist."
            : (refused ??
              "We could not load this page. Please try again in a moment. If it keeps happening, contact our support team.")}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a
            href="/"
            className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Return to Home
          </a>
          {notFound ? null : (
            <a
              href="/contact"
              className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Contact Support
            </a>
          )}
        </div>
      </div>
    </main>
  );
}
