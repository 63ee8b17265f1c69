import path from "node:path";
import { describe, expect, it } from "vitest";
import { runBenchScript } from "../../../support/bench-script.ts";

// docs/testing.md, "Benchmarks": every bench runs here at a tiny size, so a change that breaks one breaks the suite.
const TINY = { BENCH_SECONDS: "1", BENCH_CONCURRENCY: "2" };
const RUN_LIMIT_MS = 240_000;
const supportFile = (name: string) => path.resolve(import.meta.dirname, "../../../support", name);

describe("npm run bench:pages", () => {
  it(
    "starts the shop, measures each page against /robots.txt and prints the figures and the budget",
    async () => {
      const { code, output } = await runBenchScript("scripts/bench/pages.ts", TINY, RUN_LIMIT_MS);
      expect(output).toMatch(
        /^\/robots\.txt +\d+ req\/s +p50 +[\d.]+ ms +p99 +[\d.]+ ms +\(\d+ done, 0 failed\)/m,
      );
      expect(output).toMatch(/^\/ +\d+ req\/s .* JS +\d+ files +[\d.]+ KB raw +[\d.]+ KB gzip$/m);
      expect(output).toMatch(
        /^\/services\/instagram +[\d.]+ x \/robots\.txt \(goal >= 0\.50: (met|MISSED)\)$/m,
      );
      expect(output).toMatch(
        /^Budget: home page JavaScript [\d.]+ KB gzipped \(goal <= 125\.0 KB: (met|MISSED)\)$/m,
      );
      expect(output).toMatch(/^bench:pages: done/m);
      expect(code, output).toBe(0);
    },
    RUN_LIMIT_MS,
  );

  it(
    "exits 1 naming the goal when a figure misses it",
    async () => {
      const { code, output } = await runBenchScript(
        "scripts/bench/pages.ts",
        { ...TINY, BENCH_GOALS: "", BENCH_GOAL_PAGE_RATIO: "1000" },
        RUN_LIMIT_MS,
      );
      expect(output).toMatch(/^bench:pages: goal missed: \/ \/ \/robots\.txt [\d.]+ \(goal >= 1000\.00\)$/m);
      expect(output).not.toMatch(/FAILED/);
      expect(code, output).toBe(1);
    },
    RUN_LIMIT_MS,
  );

  it(
    "exits 1 with the reason when its server never becomes healthy",
    async () => {
      const { code, output } = await runBenchScript(
        "scripts/bench/pages.ts",
        {
          ...TINY,
          BENCH_NODE_ARGS: `--import=${supportFile("hang-at-start.ts")}`,
          BENCH_START_TIMEOUT_SECONDS: "5",
        },
        RUN_LIMIT_MS,
      );
      expect(output).toMatch(
        /^bench:pages: FAILED: the app server at http:\/\/localhost:\d+ did not answer \/healthz with 200 within 5 s/m,
      );
      expect(code, output).toBe(1);
    },
    RUN_LIMIT_MS,
  );

  it(
    "exits 1 with the server's own words when its server stops at start-up",
    async () => {
      const { code, output } = await runBenchScript(
        "scripts/bench/pages.ts",
        { ...TINY, BENCH_NODE_ARGS: `--import=${supportFile("no-such-module.ts")}` },
        RUN_LIMIT_MS,
      );
      expect(output).toMatch(
        /^bench:pages: FAILED: the app server exited \(1\) before it answered \/healthz; its output:/m,
      );
      expect(output).toMatch(/Cannot find module .*no-such-module\.ts/);
      expect(code, output).toBe(1);
    },
    RUN_LIMIT_MS,
  );
});
