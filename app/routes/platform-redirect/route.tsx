import { redirect } from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { platformListPath } from "../../domain/catalog/platforms.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import type { Route } from "./+types/route";

/** The redirect passes its whole query on: with one, it is answered from the address asked (docs/decisions/035). */
export const handle: PageHandle = { pageQuery: "any" };

/**
 * /instagram, /youtube, /tiktok, /spotify: one canonical address per page (product rules 3.6). The route table
 * gives this route those four paths only; the list itself answers 404 if the operator unlisted its platform.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const platform = url.pathname.split("/")[1]?.toLowerCase();
  if (!platform) throw new Response("Not Found", { status: 404 });
  return redirect(`${platformListPath(platform)}${url.search}`, 301);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
