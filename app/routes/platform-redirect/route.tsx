import { redirect } from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { parseListedPlatform } from "../../domain/catalog/platforms.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import type { Route } from "./+types/route";

/** The redirect passes its whole query on: with one, it is answered from the address asked (docs/decisions/035). */
export const handle: PageHandle = { pageQuery: "any" };

/** /instagram, /youtube, /tiktok, /spotify: one canonical address per page (product rules 3.6). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const platform = parseListedPlatform(url.pathname.split("/")[1]?.toLowerCase());
  if (!platform) throw new Response("Not Found", { status: 404 });
  return redirect(`/services/${platform}${url.search}`, 301);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
