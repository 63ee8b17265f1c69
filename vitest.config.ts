import { defineConfig } from "vitest/config";
import { WAIT_TIMEOUT_MS } from "./tests/support/constants.ts";
import { LongestFirst } from "./tests/support/longest-first.ts";

/**
 * The fast lane (`npm run test:fast`): the unit and database projects. Their longest files mostly wait on timers
 * and notifications (a mail worker's back-off, a provider down for 10 s), so more files run at once than the two
 * cores would suggest: those few long ones start first (tests/support/longest-first.ts) and the rest share the
 * other workers. Each worker has a database of its own (tests/support/worker-database.ts).
 */
const FAST_LANE_WORKERS = 6;

/**
 * Database-level files that set the process's environment for the app (SMTP_URL, DATABASE_LISTEN_URL, read once
 * by env()): each runs in a process of its own, the others share workers.
 */
const OWN_PROCESS_FILES = [
  "tests/integration/mail-outbox.test.ts",
  "tests/integration/mail-retries.test.ts",
  "tests/integration/database-listener.test.ts",
];

export default defineConfig({
  test: {
    environment: "node",
    pool: "forks",
    // Two cores: two test files at a time where app servers, Chromium and PostgreSQL need the rest.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: on a busy two-core machine a journey that is merely slow failed on it.
    // Every wait in the suite waits WAIT_TIMEOUT_MS (tests/support/constants.ts); a poll's own timeout still wins.
    expect: { poll: { timeout: WAIT_TIMEOUT_MS, interval: 100 } },
    sequence: { sequencer: LongestFirst },
    // docs/testing.md: `npm test` runs every project; `npm run test:fast` only unit and the two database ones.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          maxWorkers: FAST_LANE_WORKERS,
          // Projects with their own maxWorkers run as a group of their own: the fast lane first.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "database",
          include: ["tests/integration/*.test.ts"],
          exclude: OWN_PROCESS_FILES,
          // PostgreSQL and the template database only: no build, no app server, no browser.
          globalSetup: ["tests/support/database-setup.ts"],
          maxWorkers: FAST_LANE_WORKERS,
          sequence: { groupOrder: 0 },
          // A worker runs its files one after another in one process, importing the app once: each file starts
          // from resetDatabase(), as each of its tests does. Half the lane's time went to importing it again.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "database-isolated",
          include: OWN_PROCESS_FILES,
          globalSetup: ["tests/support/database-setup.ts"],
          maxWorkers: FAST_LANE_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "http",
          include: ["tests/integration/http/**/*.test.ts"],
          // PostgreSQL (shared with the database project), the app build and two app servers, once per run.
          globalSetup: ["tests/support/global-setup.ts"],
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          sequence: { groupOrder: 1 },
          // A browser journey takes ~10 s alone and up to three times that while the rest of the suite shares the
          // two cores; a minute keeps a slow machine from failing a journey that is merely slow.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
