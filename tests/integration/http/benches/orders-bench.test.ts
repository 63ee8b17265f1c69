import { describe, expect, it } from "vitest";
import { runBenchScript } from "../../../support/bench-script.ts";

// docs/testing.md, "Benchmarks": every bench runs here at a tiny size, so a change that breaks one breaks the suite.
const RUN_LIMIT_MS = 240_000;

describe("npm run bench:orders", () => {
  it(
    "places orders through the API, the form and direct SQL, then times the dashboard, and prints each figure",
    async () => {
      const { code, output } = await runBenchScript(
        "scripts/bench/orders.ts",
        { BENCH_SECONDS: "1", BENCH_WARM_UP_SECONDS: "0", BENCH_CONCURRENCY: "2" },
        RUN_LIMIT_MS,
      );
      for (const path of [
        "HTTP API \\(POST /api/v2 add\\)",
        "HTTP form \\(POST /quick-order\\)",
        "direct SQL \\(same statement\\)",
      ])
        expect(output).toMatch(
          new RegExp(
            `^${path} +\\d+ orders/s +p50 +[\\d.]+ ms +p99 +[\\d.]+ ms +\\(\\d+ done, 0 failed\\)$`,
            "m",
          ),
        );
      expect(output).toMatch(
        /^ratio HTTP form \(POST \/quick-order\) \/ direct SQL: [\d.]+ \(goal >= 0\.50: (met|MISSED)\)$/m,
      );
      expect(output).toMatch(
        /^HTTP API \(POST \/api\/v2 add\) p99: [\d.]+ ms \(goal < 100\.0 ms: (met|MISSED)\)$/m,
      );
      expect(output).toMatch(/^GET \/dashboard \(signed in\) +\d+ req\/s .*\(\d+ done, 0 failed\)$/m);
      expect(output).toMatch(
        /^ratio signed-in \/dashboard \/ robots\.txt: [\d.]+ \(goal >= 0\.25: (met|MISSED)\)/m,
      );
      expect(output).toMatch(/^bench:orders: done/m);
      expect(code, output).toBe(0);
    },
    RUN_LIMIT_MS,
  );
});
