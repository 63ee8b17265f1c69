import { defineConfig } from "vitest/config";
import { WAIT_TIMEOUT_MS } from "./tests/support/constants.ts";

export default defineConfig({
  test: {
    environment: "node",
    pool: "forks",
    // Two cores: two test files at a time; the app servers and PostgreSQL need the rest.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: on a busy two-core machine a journey that is merely slow failed on it.
    // Every wait in the suite waits WAIT_TIMEOUT_MS (tests/support/constants.ts); a poll's own timeout still wins.
    expect: { poll: { timeout: WAIT_TIMEOUT_MS, interval: 100 } },
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/e2e/**/*.test.ts"],
          // PostgreSQL, the template database, the app build and two app servers, once per run.
          globalSetup: ["tests/support/global-setup.ts"],
          // A browser journey takes ~10 s alone and up to three times that while the rest of the suite shares the
          // two cores; a minute keeps a slow machine from failing a journey that is merely slow.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
