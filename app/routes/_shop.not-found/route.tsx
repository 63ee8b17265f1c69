import { data } from "react-router";
import { NotFoundMessage, ShopRouteError } from "../../components/layout/page-error.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Page not found",
    description: "The page you are looking for does not exist.",
    path: location.pathname,
    noindex: true,
    matches,
  });

export default function NotFound() {
  return <NotFoundMessage />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
