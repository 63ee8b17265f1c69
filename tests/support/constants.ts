/** The secret the test app servers and the test process share (so tests can use the auth API directly). */
export const TEST_AUTH_SECRET = "test-only-secret-0123456789abcdefghijklmnopqrstuvwxyz";
/** Migrated and seeded once; every test database is a copy of it. */
export const TEMPLATE_DATABASE = "boostly_template";

/**
 * How long any wait in a test waits for its condition: an `expect.poll` (vitest.config.ts), every Playwright
 * action, wait and navigation (tests/support/chromium.ts), and the hand-written polling loops. The suite runs on
 * two cores shared by two test files, two app servers, PostgreSQL and Chromium, where a step takes up to three
 * times as long as alone: a journey that is merely slow there must not fail, and a real failure still fails
 * within this, well inside a test's own time limit (vitest.config.ts), on the step that waited.
 */
export const WAIT_TIMEOUT_MS = 15_000;
/**
 * For a wait that spans starting a process (an app server, a worker) or several rounds of workers, as across
 * two shops: three ordinary waits.
 */
export const SLOW_WAIT_TIMEOUT_MS = 3 * WAIT_TIMEOUT_MS;

/**
 * Where the suite builds the app (the HTTP project's global setup) and its servers run from; TEST_BUILD_DIR lets
 * several checkouts or engineers build side by side without overwriting each other.
 */
export const SUITE_BUILD_DIR = process.env.TEST_BUILD_DIR ?? "build-test";
