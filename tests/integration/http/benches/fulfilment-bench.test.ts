import path from "node:path";
import { describe, expect, it } from "vitest";
import { WORKERS_READY_MESSAGE } from "../../../../server/worker-ready.ts";
import { runBenchScript } from "../../../support/bench-script.ts";
import { SLOW_WAIT_TIMEOUT_MS } from "../../../support/constants.ts";

// docs/testing.md, "Benchmarks": every bench runs here at a tiny size, so a change that breaks one breaks the suite.
const TINY = {
  BENCH_SECONDS: "1",
  BENCH_WARM_UP_SECONDS: "0",
  BENCH_CONCURRENCY: "2",
  BENCH_DRAIN_SECONDS: "60",
};
const RUN_LIMIT_MS = 300_000;

describe("npm run bench:fulfilment", () => {
  it(
    "sends every order of the load upstream through the worker process and prints the ratio and p99",
    async () => {
      const { code, output } = await runBenchScript("scripts/bench/fulfilment.ts", TINY, RUN_LIMIT_MS);
      expect(output).toMatch(/^intake +\d+ orders\/s +\d+ accepted in [\d.]+ s, 0 failed/m);
      expect(output).toMatch(/^order -> upstream id +p50 \d+ ms, p99 \d+ ms, max \d+ ms$/m);
      expect(output).toMatch(
        /^ratio submitted\/s \/ intake\/s: [\d.]+ \(goal >= 0\.50: (met|MISSED)\); within the load [\d.]+; p99 \d+ ms \(goal < 2000 ms: (met|MISSED)\)$/m,
      );
      expect(output).toMatch(
        /^correctness: each of the \d+ orders is exactly one order on B, none held, both ledgers balance$/m,
      );
      expect(output).toMatch(/^bench:fulfilment: done/m);
      expect(code, output).toBe(0);
    },
    RUN_LIMIT_MS,
  );

  it(
    "fails with the reason when the worker does not say it is ready in the words the bench waits for",
    async () => {
      // The worker alone prints other words (a preload rewords its output): the bench must not wait forever or go on.
      const reword = path.resolve(import.meta.dirname, "../../../support/reword-worker-ready.ts");
      const { code, output } = await runBenchScript(
        "scripts/bench/fulfilment.ts",
        {
          ...TINY,
          BENCH_NODE_ARGS: `--import=${reword}`,
          BENCH_START_TIMEOUT_SECONDS: String(SLOW_WAIT_TIMEOUT_MS / 1000),
        },
        RUN_LIMIT_MS,
      );
      expect(output).toContain(
        `bench:fulfilment: FAILED: the fulfilment worker did not say "${WORKERS_READY_MESSAGE}" within ${SLOW_WAIT_TIMEOUT_MS / 1000} s`,
      );
      expect(output).toContain("Boostly fulfilment and mail workers have started");
      expect(code, output).toBe(1);
    },
    RUN_LIMIT_MS,
  );
});
