import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/_shop.tsx", [index("routes/_shop.home.tsx")]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
