// npm run bench:pages: the storefront's public pages against a fresh database and a built app: requests/s and
// latency at concurrency 32 for ~10 s of /robots.txt (the reference: a trivial answer of the same server, measured
// in the same run) and of each page, with each page's ratio to it (goal: at least 0.5, docs/decisions/028-visitor-page-cache.md), then
// the JavaScript each page loads (raw and gzip -9), with the budget check (home page: at most 125 KB gzipped).
import { gzipSync } from "node:zlib";
import { freshDatabase, runBench, runLoad, startApp } from "./bench-support.ts";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The trivial answer every page's requests/s is compared with. */
const REFERENCE = "/robots.txt";
const PAGES = ["/", "/services/instagram"];

/** Same-origin /assets/*.js the document loads: modulepreload links, script src and the inline module imports. */
function pageScripts(html: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g,
    /<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g,
    /<script\b[^>]*\bsrc="([^"]+)"/g,
    /\bimport\s*(?:\(\s*)?["'](\/assets\/[^"']+\.js)["']/g,
  ];
  for (const pattern of patterns) {
    for (const match of html.matchAll(pattern)) {
      const src = match[1]!.replaceAll("&amp;", "&");
      if (/^\/assets\/[^?#]+\.js$/.test(src)) found.add(src);
    }
  }
  return [...found].sort();
}

async function javascriptOf(appUrl: string, path: string) {
  const html = await (await fetch(`${appUrl}${path}`)).text();
  let raw = 0;
  let gzip = 0;
  const files = pageScripts(html);
  for (const file of files) {
    const response = await fetch(`${appUrl}${file}`, { headers: { "Accept-Encoding": "identity" } });
    if (!response.ok) throw new Error(`${file}: ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    raw += body.byteLength;
    gzip += gzipSync(body, { level: 9 }).byteLength;
  }
  return { files: files.length, raw, gzip, html: Buffer.byteLength(html) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

await runBench("bench:pages", async (run) => {
  const database = await freshDatabase(run);
  const app = await startApp(run, database.url);
  const rows: string[] = [];
  const ratios: string[] = [];
  let homeGzip = 0;
  let referencePerSecond = 0;
  for (const path of [REFERENCE, ...PAGES]) {
    // Warm up (route modules loaded, pool connections open) before measuring.
    for (let index = 0; index < 20; index++) {
      const response = await fetch(`${app.appUrl}${path}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    }
    console.log(`Requesting ${path}: concurrency ${CONCURRENCY}, ${SECONDS} s ...`);
    const load = await runLoad(CONCURRENCY, SECONDS, async () => {
      const response = await fetch(`${app.appUrl}${path}`, { headers: { "Accept-Encoding": "gzip" } });
      const body = await response.text();
      return response.status === 200 && (path === REFERENCE ? body.length > 0 : body.includes("</html>"));
    });
    run.expectNoFailedCalls(`GET ${path}`, load);
    if (path === REFERENCE) {
      referencePerSecond = load.perSecond;
      rows.push(
        `${path.padEnd(22)} ${load.perSecond.toFixed(0).padStart(7)} req/s  p50 ${load.p50.toFixed(1).padStart(6)} ms  p99 ${load.p99.toFixed(1).padStart(6)} ms  (${load.count} done, ${load.failures} failed)`,
      );
      continue;
    }
    const ratio = referencePerSecond > 0 ? load.perSecond / referencePerSecond : 0;
    const verdict = run.goal("PAGE_RATIO", `${path} / ${REFERENCE}`, ratio, { atLeast: 0.5 }, (n) =>
      n.toFixed(2),
    );
    ratios.push(`${path.padEnd(22)} ${ratio.toFixed(2)} x ${REFERENCE} ${verdict}`);
    const js = await javascriptOf(app.appUrl, path);
    if (path === "/") homeGzip = js.gzip;
    rows.push(
      `${path.padEnd(22)} ${load.perSecond.toFixed(0).padStart(7)} req/s  p50 ${load.p50.toFixed(1).padStart(6)} ms  p99 ${load.p99.toFixed(1).padStart(6)} ms  (${load.count} done, ${load.failures} failed)   HTML ${kb(js.html).padStart(8)}   JS ${String(js.files).padStart(2)} files  ${kb(js.raw).padStart(9)} raw  ${kb(js.gzip).padStart(8)} gzip`,
    );
  }
  console.log("");
  console.log(rows.join("\n"));
  console.log(`\nRequests/s against ${REFERENCE}, measured in the same run:\n${ratios.join("\n")}`);
  const verdict = run.goal(
    "HOME_JS_KB",
    "home page JavaScript (gzip)",
    homeGzip / 1024,
    { atMost: 125 },
    (n) => `${n.toFixed(1)} KB`,
  );
  console.log(`\nBudget: home page JavaScript ${kb(homeGzip)} gzipped ${verdict}`);
});
