import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // The storefront: everything inside the shared header and footer.
  layout("routes/_shop/route.tsx", [
    index("routes/_shop.home/route.tsx"),
    route("services/:platform", "routes/_shop.services.$platform/route.tsx"),
    route("login", "routes/_shop.login/route.tsx"),
    route("register", "routes/_shop.register/route.tsx"),
    route("forgot-password", "routes/_shop.forgot-password/route.tsx"),
    route("reset-password", "routes/_shop.reset-password/route.tsx"),
    route("auth/confirm", "routes/_shop.auth.confirm/route.tsx"),
    route("verify-email", "routes/_shop.auth.confirm/route.tsx", { id: "verify-email" }),
    route("dashboard", "routes/_shop.dashboard/route.tsx"),
    route("orders", "routes/_shop.orders/route.tsx"),
    route("profile", "routes/_shop.profile/route.tsx"),
    route("dev/mailbox", "routes/_shop.dev.mailbox/route.tsx"),
    route("wallet", "routes/_shop.wallet/route.tsx"),
    route("quick-order", "routes/_shop.quick-order/route.tsx"),
    route("mass-order", "routes/_shop.mass-order/route.tsx"),
    route("automatic-order", "routes/_shop.automatic-order/route.tsx"),
    route("free-trial", "routes/_shop.free-trial/route.tsx"),
    // Order pages (customer spec route table): likes packs, auto orders, then every other order entry.
    route("order/real-instagram-likes", "routes/_shop.order.real-instagram-likes/route.tsx"),
    ...["small", "big", "ultima"].map((pack) =>
      route(`order/real-instagram-likes-${pack}`, "routes/_shop.order.real-instagram-likes/route.tsx", {
        id: `real-instagram-likes-${pack}`,
      }),
    ),
    route("order/instagram/:serviceType", "routes/_shop.order.instagram.$serviceType/route.tsx"),
    route("order/:packageId", "routes/_shop.order.$packageId/route.tsx"),
    // Public pages (admin spec section 2), the help centre, the blog and the per-service SEO pages.
    route("about", "routes/_shop.about/route.tsx"),
    route("how-it-works", "routes/_shop.how-it-works/route.tsx"),
    route("reviews", "routes/_shop.reviews/route.tsx"),
    route("affiliate", "routes/_shop.affiliate/route.tsx"),
    // The signed-in customer's affiliate page (product rules 16.11); /affiliate stays the visitors' page.
    route("affiliate/dashboard", "routes/_shop.affiliate.dashboard/route.tsx"),
    route("contact", "routes/_shop.contact/route.tsx"),
    route("faq", "routes/_shop.faq/route.tsx"),
    route("terms", "routes/_shop.terms/route.tsx"),
    route("privacy", "routes/_shop.privacy/route.tsx"),
    route("api", "routes/_shop.api/route.tsx"),
    route("reseller", "routes/_shop.reseller/route.tsx"),
    route("bulk", "routes/_shop.bulk/route.tsx"),
    route("custom", "routes/_shop.custom/route.tsx"),
    route("help", "routes/_shop.help._index/route.tsx"),
    route("help/:topic", "routes/_shop.help.$topic/route.tsx"),
    route("blog", "routes/_shop.blog._index/route.tsx"),
    route("blog/:slug", "routes/_shop.blog.$slug/route.tsx"),
    route("service/:slug", "routes/_shop.service.$slug/route.tsx"),
    // The second navigation's platform paths: one canonical address per page (product rules 3.6).
    ...["instagram", "youtube", "tiktok", "spotify"].map((platform) =>
      route(platform, "routes/platform-redirect/route.tsx", { id: `platform-redirect-${platform}` }),
    ),
    route("*", "routes/_shop.not-found/route.tsx"),
  ]),
  route("logout", "routes/logout/route.tsx"),
  // A customer's referral link (docs/decisions/056).
  route("r/:code", "routes/r.$code/route.ts"),
  // Customer actions on their own auto orders (pause, resume, cancel with refund).
  route("auto-orders/:autoOrderId", "routes/auto-orders.$autoOrderId/route.ts"),
  // The local stand-in for a hosted card checkout (no Stripe keys): pay or decline, then a signed webhook.
  route("sandbox-checkout/:depositId", "routes/sandbox-checkout.$depositId/route.tsx"),
  // The payment providers' signed webhooks: /api/webhooks/stripe, /api/webhooks/sandbox and /api/webhooks/paypal.
  route("api/webhooks/:provider", "routes/api.webhooks.$provider/route.ts"),
  // Server-Sent Events: live balance and order-status changes of the signed-in user.
  route("api/live", "routes/api.live/route.ts"),
  // First-party analytics events (customer spec section 7), never from /admin.
  route("api/events", "routes/api.events/route.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml/route.ts"),
  route("robots.txt", "routes/robots[.]txt/route.ts"),
  // The signed-in customer's statement as a CSV file (product rules 2.10).
  // PayPal sends the customer back here after approving a deposit's order: the shop captures it (decisions/058).
  route("wallet/paypal-return", "routes/wallet.paypal-return/route.ts"),
  route("wallet/statement.csv", "routes/wallet.statement[.]csv/route.ts"),
  // The wallet's manual deposit methods and the customer's claims (docs/decisions/059), read by its component.
  route("wallet/manual-deposit", "routes/wallet.manual-deposit/route.ts"),
  route("api/auth/*", "routes/api.auth.$/route.tsx"),
  route("admin-login", "routes/admin-login/route.tsx"),
  // The admin area: outside the shop layout, behind the admin guard of routes/admin.tsx.
  ...prefix("admin", [
    layout("routes/admin/route.tsx", [
      index("routes/admin._index/route.tsx"),
      // The CSV exports: files, behind the layout's guard like every admin page, and checking the admin themselves.
      route("export/:file", "routes/admin.export.$file/route.ts"),
      route("orders", "routes/admin.orders/route.tsx"),
      // One order: its overrides, corrections and goodwill refund (product rules 14).
      route("orders/:orderId", "routes/admin.orders.$orderId/route.tsx"),
      route("manual-work", "routes/admin.manual-work/route.tsx"),
      route("users/:userId", "routes/admin.users.$userId/route.tsx"),
      // Affiliates' payout requests and their answers (product rules 16.14).
      route("affiliate-payouts", "routes/admin.affiliate-payouts/route.tsx"),
      // Viewing the storefront as a customer, read-only: start and end (product rules 15.31-15.34).
      route("view-as", "routes/admin.view-as/route.ts"),
      route("manual-order", "routes/admin.manual-order/route.tsx"),
      route("messages", "routes/admin.messages/route.tsx"),
      route("auto-orders", "routes/admin.auto-orders/route.tsx"),
      route("users", "routes/admin.users._index/route.tsx"),
      route("services", "routes/admin.services/route.tsx"),
      route("platforms", "routes/admin.platforms/route.tsx"),
      route("tickets", "routes/admin.tickets/route.tsx"),
      route("tickets/:ticketId", "routes/admin.tickets.$ticketId/route.tsx"),
      route("blog", "routes/admin.blog/route.tsx"),
      route("banner", "routes/admin.banner/route.tsx"),
      route("settings", "routes/admin.settings/route.tsx"),
      // The deposit gateways: on or off, keys, fees and limits (product rules 16.35-16.39).
      route("payments", "routes/admin.payments/route.tsx"),
      route("providers", "routes/admin.providers._index/route.tsx"),
      route("providers/:providerId", "routes/admin.providers.$providerId/route.tsx"),
      route("audit", "routes/admin.audit/route.tsx"),
      // Payment events an admin settles, and manual deposits: methods and claims (docs/decisions/057, 059).
      route("payments/review", "routes/admin.payments.review/route.tsx"),
      route("payments/manual", "routes/admin.payments.manual/route.tsx"),
      // Staff roles, granted and revoked by an owner (product rules 15.5).
      route("staff", "routes/admin.staff/route.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
