import type { TestProject } from "vitest/node";
import { acquireTestPostgres } from "./test-postgres.ts";

/**
 * The database project's global setup: the run's PostgreSQL and its migrated, seeded template database, nothing
 * else (no app build, no app server, no browser). Each test worker copies the template
 * (tests/support/worker-database.ts).
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const { postgres, release } = await acquireTestPostgres();
  project.provide("pgServerUrl", postgres.serverUrl);
  console.log(`Test database ready in ${Date.now() - started} ms`);
  return release;
}
