import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Modules every page loads: React, React DOM and React Router, the client entry and what the root route imports.
 * One chunk instead of a dozen small ones: fewer requests, and one compression context (decisions/031).
 */
const EVERY_PAGE = [
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
  /[\\/]app[\\/]entry\.client\.tsx$/,
  /[\\/]app[\\/]lib[\\/](control-character-guard|analytics|analytics-events|csp-nonce|inline-stylesheet|request-body)\.tsx?$/,
  /[\\/]app[\\/]lib[\\/]live[\\/]live-balance\.tsx$/,
  /[\\/]app[\\/]components[\\/]ui[\\/]toaster\.tsx$/,
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: "es2022",
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: "every-page", test: (id) => EVERY_PAGE.some((pattern) => pattern.test(id)) }],
        },
      },
    },
  },
});
