import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets tests and parallel checkouts build without overwriting each other's output.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
