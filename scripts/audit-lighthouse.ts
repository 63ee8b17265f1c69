// npm run audit:lighthouse: Lighthouse (the npm package, its default simulated mobile throttling) on the storefront's
// public pages, against a built app on a fresh database, in the headless Chromium the tests use
// (tests/support/chromium.ts). Prints the four category scores per page, FCP/LCP/TBT/CLS, the top opportunities and
// every failing accessibility, best-practices and SEO audit; exits 1 when a score misses its goal (performance >= 98,
// BENCH_GOAL_LIGHTHOUSE_PERFORMANCE; accessibility, best practices and SEO 100, BENCH_GOAL_LIGHTHOUSE_OTHERS) unless
// BENCH_GOALS=warn. At its default size a run takes minutes; the suite's smoke lane runs one page once.
//
// BENCH_BUILD_DIR=build-bench reuses an earlier build. AUDIT_PAGES="/a,/b" audits other paths;
// AUDIT_REPORT_DIR=dir writes each page's report there (JSON); AUDIT_RUNS=n runs each page n times (default 3) and reports the run with the median performance score, since
// simulated throttling scales the CPU time it observes and a shared machine makes that noisy.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse, { type Result } from "lighthouse";
import { chromiumExecutable, LAUNCH_FLAGS } from "../tests/support/chromium.ts";
import { freshDatabase, runBench, startApp } from "./bench/bench-support.ts";

const PAGES = process.env.AUDIT_PAGES?.split(",").filter(Boolean) ?? [
  "/",
  "/services/instagram",
  "/service/instagram-followers",
  "/blog",
];
const RUNS = Math.max(1, Number(process.env.AUDIT_RUNS ?? 3));
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = [
  ["FCP", "first-contentful-paint"],
  ["LCP", "largest-contentful-paint"],
  ["TBT", "total-blocking-time"],
  ["CLS", "cumulative-layout-shift"],
  ["SI", "speed-index"],
] as const;
const CHROMIUM_START_TIMEOUT_MS = 60_000;

/** Starts Chromium with a DevTools port for Lighthouse to drive; resolves once it listens. */
async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = await mkdtemp(path.join(tmpdir(), "boostly-lighthouse-"));
  const child: ChildProcess = spawn(
    await chromiumExecutable(),
    [
      ...LAUNCH_FLAGS,
      "--headless=new",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () =>
        reject(new Error(`Chromium did not open its DevTools port within ${CHROMIUM_START_TIMEOUT_MS} ms`)),
      CHROMIUM_START_TIMEOUT_MS,
    );
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before it listened:\n${output}`));
    });
  });
  return {
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** Performance audits that estimate a saving (time or bytes), largest first. */
function opportunities(lhr: Result): string[] {
  const ids = new Set(lhr.categories.performance?.auditRefs.map((ref) => ref.id));
  return Object.values(lhr.audits)
    .filter((audit) => ids.has(audit.id) && audit.score !== null && audit.score < 1)
    .map((audit) => {
      const savings = audit.metricSavings ?? {};
      const details = audit.details as
        | { overallSavingsMs?: number; overallSavingsBytes?: number }
        | undefined;
      const ms = Math.max(
        details?.overallSavingsMs ?? 0,
        savings.FCP ?? 0,
        savings.LCP ?? 0,
        savings.TBT ?? 0,
      );
      const bytes = details?.overallSavingsBytes ?? 0;
      return { audit, ms, bytes };
    })
    .filter(({ ms, bytes }) => ms > 0 || bytes > 0)
    .sort((a, b) => b.ms - a.ms || b.bytes - a.bytes)
    .slice(0, 5)
    .map(
      ({ audit, ms, bytes }) =>
        `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}: ~${Math.round(ms)} ms, ${(bytes / 1024).toFixed(1)} KB`,
    );
}

/** Failing audits of the accessibility, best-practices and SEO categories. */
function findings(lhr: Result): string[] {
  const found: string[] = [];
  for (const category of CATEGORIES.slice(1)) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      found.push(`${category}: ${audit.id}: ${audit.title}`);
    }
  }
  return found;
}

async function auditOnce(url: string, port: number): Promise<Result> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

await runBench("audit:lighthouse", async (run) => {
  const database = await freshDatabase(run);
  const app = await startApp(run, database.url);
  const chromium = await startChromium();
  run.onEnd(chromium.stop);
  for (const page of PAGES) {
    const runs: Result[] = [];
    for (let attempt = 0; attempt < RUNS; attempt++)
      runs.push(await auditOnce(`${app.appUrl}${page}`, chromium.port));
    runs.sort((a, b) => score(a, "performance") - score(b, "performance"));
    const lhr = runs[Math.floor(runs.length / 2)];
    if (!lhr) throw new Error(`no Lighthouse run of ${page}`);
    const scores = CATEGORIES.map((category) => {
      const value = score(lhr, category);
      const [key, goal] =
        category === "performance" ? ["LIGHTHOUSE_PERFORMANCE", 98] : ["LIGHTHOUSE_OTHERS", 100];
      return `${category} ${value} ${run.goal(key, `${page} ${category}`, value, { atLeast: goal })}`;
    });
    const metrics = METRICS.map(([name, id]) => `${name} ${lhr.audits[id]?.displayValue ?? "?"}`);
    const reportDir = process.env.AUDIT_REPORT_DIR;
    if (reportDir) {
      await mkdir(reportDir, { recursive: true });
      const file = path.join(
        reportDir,
        `${page.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}.json`,
      );
      await writeFile(file, JSON.stringify(lhr, null, 1));
    }
    console.log(`\n${page}`);
    console.log(`  ${scores.join(", ")}`);
    console.log(`  ${metrics.join(", ")}`);
    console.log(`  performance over ${RUNS} run(s): ${runs.map((r) => score(r, "performance")).join(", ")}`);
    for (const line of opportunities(lhr)) console.log(`  opportunity: ${line}`);
    for (const line of findings(lhr)) console.log(`  failing: ${line}`);
  }
});
