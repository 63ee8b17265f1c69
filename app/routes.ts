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
    // Public pages (admin spec section 2), the help centre, the blog and the per-service SEO pages.
    route("about", "routes/_shop.about.tsx"),
    route("how-it-works", "routes/_shop.how-it-works.tsx"),
    route("reviews", "routes/_shop.reviews.tsx"),
    route("affiliate", "routes/_shop.affiliate.tsx"),
    route("contact", "routes/_shop.contact.tsx"),
    route("faq", "routes/_shop.faq.tsx"),
    route("terms", "routes/_shop.terms.tsx"),
    route("privacy", "routes/_shop.privacy.tsx"),
    route("api", "routes/_shop.api.tsx"),
    route("reseller", "routes/_shop.reseller.tsx"),
    route("bulk", "routes/_shop.bulk.tsx"),
    route("custom", "routes/_shop.custom.tsx"),
    route("help", "routes/_shop.help._index.tsx"),
    route("help/:topic", "routes/_shop.help.$topic.tsx"),
    route("blog", "routes/_shop.blog._index.tsx"),
    route("blog/:slug", "routes/_shop.blog.$slug.tsx"),
    route("service/:slug", "routes/_shop.service.$slug.tsx"),
    // The second navigation's platform paths: one canonical address per page (product rules 3.6).
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
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("api/auth/*", "routes/api.auth.$.tsx"),
  route("admin-login", "routes/admin-login.tsx"),
  // The admin area: outside the shop layout, behind the admin guard of routes/admin.tsx.
  ...prefix("admin", [
    layout("routes/admin.tsx", [
      index("routes/admin._index.tsx"),
      route("orders", "routes/admin.orders.tsx"),
      route("manual-work", "routes/admin.manual-work.tsx"),
      route("users/:userId", "routes/admin.users.$userId.tsx"),
      route("manual-order", "routes/admin.manual-order.tsx"),
      route("messages", "routes/admin.messages.tsx"),
      route("auto-orders", "routes/admin.auto-orders.tsx"),
      route("users", "routes/admin.users._index.tsx"),
      route("services", "routes/admin.services.tsx"),
      route("tickets", "routes/admin.tickets.tsx"),
      route("blog", "routes/admin.blog.tsx"),
      route("banner", "routes/admin.banner.tsx"),
      route("settings", "routes/admin.settings.tsx"),
      route("providers", "routes/admin.providers._index.tsx"),
      route("providers/:providerId", "routes/admin.providers.$providerId.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
