import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { useNonce } from "./lib/csp-nonce.ts";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen font-sans">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>{status === 404 ? "Page not found | Boostly" : "Something went wrong | Boostly"}</title>
      <h1 className="text-3xl font-bold">{status === 404 ? "Oops! Page not found" : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-600">
        {status === 404
          ? "The page you are looking for does not exist."
          : "We could not load this page. Please try again in a moment."}
      </p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white">
        Return to Home
      </a>
    </main>
  );
}
