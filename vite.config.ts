import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Modules every page loads: React, React DOM and React Router, the client entry and what the root route imports.
 * One chunk instead of a dozen small ones: fewer requests, and one compression context (decisions/031).
 */
const EVERY_PAGE = [
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
  /[\\/]app[\\/](entry\.client|root)\.tsx$/,
  /[\\/]app[\\/]lib[\\/](control-character-guard|analytics|analytics-events|csp-nonce|inline-stylesheet|request-body)\.tsx?$/,
  /[\\/]app[\\/]lib[\\/]live[\\/]live-balance\.tsx$/,
  /[\\/]app[\\/]components[\\/]ui[\\/]toaster\.tsx$/,
];

/**
 * The storefront's frame (app/routes/_shop: header, footer, menus, icons) and the small hooks it uses: every shop
 * page loads them, so one chunk rather than the several small ones Rolldown would cut where a module is shared.
 * The mobile drawer's panel stays out: it loads when the menu is opened.
 */
const SHOP_FRAME = [
  /[\\/]app[\\/]routes[\\/]_shop[\\/](?!mobile-drawer-panel\.tsx$)[^\\/]+$/,
  /[\\/]app[\\/]components[\\/]ui[\\/](use-disclosure|use-focus-trap)\.ts$/,
];

/**
 * The shop's facts and promises that the visitor pages state (prices' cents, delivery speeds, payment methods,
 * figures, testimonials, SEO tags): small modules most of those pages share, in one chunk instead of nine.
 */
const SHOP_FACTS = [
  /[\\/]app[\\/]domain[\\/]content[\\/](shop-figures|shop-promises)\.ts$/,
  /[\\/]app[\\/]content[\\/]testimonials\.ts$/,
  /[\\/]app[\\/]components[\\/]pages[\\/]use-shop-facts\.ts$/,
  /[\\/]app[\\/]components[\\/]catalog[\\/]why-choose\.tsx$/,
  /[\\/]app[\\/]lib[\\/]seo\.ts$/,
  /[\\/]app[\\/]domain[\\/]pricing[\\/]cents\.ts$/,
  /[\\/]app[\\/]domain[\\/]orders[\\/]delivery-speeds\.ts$/,
  /[\\/]app[\\/]domain[\\/]payments[\\/](payment-methods|deposit-limit-text)\.ts$/,
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: "es2022",
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "every-page", test: (id) => EVERY_PAGE.some((pattern) => pattern.test(id)) },
            { name: "shop-frame", test: (id) => SHOP_FRAME.some((pattern) => pattern.test(id)) },
            { name: "shop-facts", test: (id) => SHOP_FACTS.some((pattern) => pattern.test(id)) },
          ],
        },
      },
    },
  },
});
