import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // The storefront: everything inside the shared header and footer.
  layout("routes/_shop.tsx", [
    index("routes/_shop.home.tsx"),
    route("services/:platform", "routes/_shop.services.$platform.tsx"),
    route("login", "routes/_shop.login.tsx"),
    route("register", "routes/_shop.register.tsx"),
    route("forgot-password", "routes/_shop.forgot-password.tsx"),
    route("reset-password", "routes/_shop.reset-password.tsx"),
    route("auth/confirm", "routes/_shop.auth.confirm.tsx"),
    route("verify-email", "routes/_shop.auth.confirm.tsx", { id: "verify-email" }),
    route("dashboard", "routes/_shop.dashboard.tsx"),
    route("profile", "routes/_shop.profile.tsx"),
    route("dev/mailbox", "routes/_shop.dev.mailbox.tsx"),
    route("wallet", "routes/_shop.wallet.tsx"),
    route("quick-order", "routes/_shop.quick-order.tsx"),
    route("automatic-order", "routes/_shop.automatic-order.tsx"),
    route("free-trial", "routes/_shop.free-trial.tsx"),
    // Order pages (customer spec route table): likes packs, auto orders, then every other order entry.
    route("order/real-instagram-likes", "routes/_shop.order.real-instagram-likes.tsx"),
    ...["small", "big", "ultima"].map((pack) =>
      route(`order/real-instagram-likes-${pack}`, "routes/_shop.order.real-instagram-likes.tsx", {
        id: `real-instagram-likes-${pack}`,
      }),
    ),
    route("order/instagram/:serviceType", "routes/_shop.order.instagram.$serviceType.tsx"),
    route("order/:packageId", "routes/_shop.order.$packageId.tsx"),
    // The second navigation's platform paths: one canonical address per page (DECISIONS.md section 3).
    ...["instagram", "youtube", "tiktok", "spotify"].map((platform) =>
      route(platform, "routes/platform-redirect.tsx", { id: `platform-redirect-${platform}` }),
    ),
    route("*", "routes/_shop.not-found.tsx"),
  ]),
  route("logout", "routes/logout.tsx"),
  // Customer actions on their own auto orders (pause, resume, cancel with refund).
  route("auto-orders/:autoOrderId", "routes/auto-orders.$autoOrderId.ts"),
  // The local stand-in for a hosted card checkout (no Stripe keys): pay or decline, then a signed webhook.
  route("sandbox-checkout/:depositId", "routes/sandbox-checkout.$depositId.tsx"),
  route("api/webhooks/stripe", "routes/api.webhooks.stripe.ts"),
  route("api/webhooks/sandbox", "routes/api.webhooks.sandbox.ts"),
  // Server-Sent Events: live balance and order-status changes of the signed-in user.
  route("api/live", "routes/api.live.ts"),
  // First-party analytics events (customer spec section 7), never from /admin.
  route("api/events", "routes/api.events.ts"),
  route("api/auth/*", "routes/api.auth.$.tsx"),
  route("admin-login", "routes/admin-login.tsx"),
  // The admin area: outside the shop layout, behind the admin guard of routes/admin.tsx.
  ...prefix("admin", [
    layout("routes/admin.tsx", [
      index("routes/admin._index.tsx"),
      route("orders", "routes/admin.orders.tsx"),
      route("users/:userId", "routes/admin.users.$userId.tsx"),
      route("manual-order", "routes/admin.manual-order.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
