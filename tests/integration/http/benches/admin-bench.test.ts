import { describe, expect, it } from "vitest";
import { runBenchScript } from "../../../support/bench-script.ts";

// docs/testing.md, "Benchmarks": every bench runs here at a tiny size, so a change that breaks one breaks the suite.
const RUN_LIMIT_MS = 240_000;

describe("npm run bench:admin", () => {
  it(
    "fills a shop, signs an admin in with two-factor and times every admin list",
    async () => {
      const { code, output } = await runBenchScript(
        "scripts/bench/admin.ts",
        {
          BENCH_USERS: "200",
          BENCH_ORDERS: "400",
          BENCH_TICKETS: "20",
          BENCH_AUTO_ORDERS: "20",
          BENCH_CATALOG: "60",
          BENCH_REQUESTS: "2",
        },
        RUN_LIMIT_MS,
      );
      expect(output).toMatch(/^inserted 200 users, 400 orders, 20 tickets and 20 auto orders in [\d.]+ s$/m);
      expect(output).toMatch(/^the ledger check read every wallet in [\d.]+ s \(0 differ\)$/m);
      for (const list of [
        "/admin/orders",
        "/admin/users",
        "/admin/tickets",
        "/admin/auto-orders",
        "/admin/manual-work",
      ])
        expect(output).toMatch(
          new RegExp(`^GET ${list} +p50 +[\\d.]+ ms +p99 +[\\d.]+ ms +\\(2 sequential, 0 failed\\)`, "m"),
        );
      expect(output).toMatch(/^goal: every admin list p99 under 100 ms; /m);
      expect(output).toMatch(/^bench:admin: done/m);
      expect(code, output).toBe(0);
    },
    RUN_LIMIT_MS,
  );
});
