// npm run audit:pages: a Lighthouse-equivalent audit (Lighthouse itself is not installed and the network is closed)
// of the home page, a service page and a blog post, in headless Chromium against a fresh database and a built app.
// Accessibility: axe-core, scored like Lighthouse as a weighted pass rate over the rules that apply (passes and
// violations; "incomplete" and "inapplicable" rules do not count), each rule weighted by its impact (critical 10,
// serious 7, moderate 3, minor 1). SEO: Lighthouse's SEO audits, checked by hand in the page; the score is the
// share of checks passed. Prints a table and the budget line (SEO and accessibility >= 95 on every page,
// BENCH_GOAL_AUDIT_SCORE sets another); exits 1 when a page fails to load or, unless BENCH_GOALS=warn, a score
// misses the budget.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { chromiumExecutable, launchBrowser } from "../tests/support/chromium.ts";
import { freshDatabase, runBench, startApp } from "./bench/bench-support.ts";

// AUDIT_PAGES="/a,/b" audits other paths instead.
const PAGES = process.env.AUDIT_PAGES?.split(",").filter(Boolean) ?? [
  "/",
  "/service/instagram-followers",
  "/blog/instagram-reels-reach-2026",
];
const BUDGET = 95;
const IMPACT_WEIGHT: Record<string, number> = { critical: 10, serious: 7, moderate: 3, minor: 1 };
// Lighthouse's link-text audit: link texts that say nothing about where the link goes.
const GENERIC_LINK_TEXT = [
  "click here",
  "click this",
  "go",
  "here",
  "information",
  "learn more",
  "more",
  "more info",
  "more information",
  "right here",
  "read more",
  "see more",
  "start",
  "this",
];

const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type Check = { id: string; pass: boolean; detail?: string };
type AuditRow = {
  path: string;
  accessibility: number;
  seo: number;
  /** axe rules that applied (passed + violated) and SEO checks run. */
  counted?: string;
  failing: string[];
  loadError?: string;
};

/** /robots.txt: 200, every line a known directive (or a comment), Sitemap absolute; and its Disallow rules for *. */
async function robotsTxt(appUrl: string) {
  const response = await fetch(`${appUrl}/robots.txt`);
  const text = await response.text();
  const problems: string[] = [];
  if (response.status !== 200) problems.push(`status ${response.status}`);
  const disallowForAll: string[] = [];
  const allowForAll: string[] = [];
  let agents: string[] = [];
  let inRules = false;
  for (const [index, rawLine] of text.split(/\r?\n/).entries()) {
    const line = rawLine.replace(/#.*$/, "").trim();
    if (!line) continue;
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) {
      problems.push(`line ${index + 1} is not a directive`);
      continue;
    }
    const directive = (match[1] ?? "").toLowerCase();
    const value = (match[2] ?? "").trim();
    if (directive === "user-agent") {
      if (inRules) agents = [];
      inRules = false;
      agents.push(value.toLowerCase());
    } else if (directive === "allow" || directive === "disallow") {
      inRules = true;
      if (agents.length === 0) problems.push(`line ${index + 1}: ${directive} before any user-agent`);
      if (agents.includes("*") && value) (directive === "allow" ? allowForAll : disallowForAll).push(value);
    } else if (directive === "sitemap") {
      if (!/^https?:\/\//i.test(value)) problems.push(`line ${index + 1}: sitemap is not an absolute URL`);
    } else if (!["crawl-delay", "host", "clean-param", "request-rate", "visit-time"].includes(directive)) {
      problems.push(`line ${index + 1}: unknown directive ${directive}`);
    }
  }
  return {
    problems,
    /** Whether robots.txt blocks `path` for every crawler (the longest matching rule wins, as Google reads it). */
    blocks(path: string) {
      const longest = (rules: string[]) =>
        Math.max(
          -1,
          ...rules.filter((rule) => path.startsWith(rule.replace(/\*$/, ""))).map((rule) => rule.length),
        );
      return longest(disallowForAll) > longest(allowForAll);
    },
  };
}

async function auditPage(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  appUrl: string,
  path: string,
  robots: Awaited<ReturnType<typeof robotsTxt>>,
): Promise<AuditRow> {
  // The shop's CSP allows no inline script: the checking context bypasses it only to inject axe.
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const response = await page.goto(`${appUrl}${path}`);
    const status = response?.status() ?? 0;
    if (status >= 400 || status === 0) {
      return { path, accessibility: 0, seo: 0, failing: [], loadError: `HTTP ${status}` };
    }
    await page.waitForLoadState("networkidle");

    await page.evaluate(axeSource);
    const axe = await page.evaluate(async () => {
      type AxeRule = { id: string; impact?: string; any?: unknown[]; all?: unknown[]; none?: unknown[] };
      const window_ = window as unknown as {
        axe: {
          run: (context: Document) => Promise<AxeResults>;
          _audit: { rules: AxeRule[]; data: { checks: Record<string, { impact?: string }> } };
        };
      };
      const { axe } = window_;
      const order = ["minor", "moderate", "serious", "critical"];
      // A rule's weight is fixed (whether it passes or fails): its own impact, else its most severe check's.
      const ruleImpact = (id: string) => {
        const rule = axe._audit.rules.find((candidate) => candidate.id === id);
        if (!rule) return null;
        if (rule.impact) return rule.impact;
        const checks = [...(rule.any ?? []), ...(rule.all ?? []), ...(rule.none ?? [])].map((check) =>
          typeof check === "string" ? check : (check as { id: string }).id,
        );
        const impacts = checks.map((check) => axe._audit.data.checks[check]?.impact ?? "minor");
        return impacts.sort((a, b) => order.indexOf(b) - order.indexOf(a))[0] ?? null;
      };
      const results = await axe.run(document);
      return {
        passes: results.passes.map((rule) => ({ id: rule.id, impact: ruleImpact(rule.id) })),
        violations: results.violations.map((rule) => ({
          id: rule.id,
          impact: ruleImpact(rule.id) ?? rule.impact ?? null,
          found: rule.impact ?? null,
        })),
      };
    });
    const weight = (impact: string | null) => IMPACT_WEIGHT[impact ?? "minor"] ?? 1;
    const passedWeight = axe.passes.reduce((sum, rule) => sum + weight(rule.impact), 0);
    const totalWeight = passedWeight + axe.violations.reduce((sum, rule) => sum + weight(rule.impact), 0);
    const accessibility = totalWeight === 0 ? 100 : Math.round((100 * passedWeight) / totalWeight);

    const dom = await page.evaluate((generic) => {
      const meta = (name: string) =>
        document.querySelector<HTMLMetaElement>(`meta[name="${name}" i]`)?.getAttribute("content")?.trim() ??
        "";
      const canonicals = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="canonical" i]')].map(
        (link) => link.getAttribute("href") ?? "",
      );
      const robotsMeta = [
        ...document.querySelectorAll<HTMLMetaElement>('meta[name="robots" i], meta[name="googlebot" i]'),
      ]
        .map((tag) => (tag.getAttribute("content") ?? "").toLowerCase())
        .join(",");
      const genericLinks = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")]
        .filter((link) => !/^javascript:/i.test(link.getAttribute("href") ?? ""))
        .map((link) => (link.textContent ?? "").trim().replace(/\s+/g, " ").toLowerCase())
        .filter((text) => generic.includes(text));
      const imagesWithoutAlt = [...document.querySelectorAll("img")]
        .filter((image) => !image.hasAttribute("alt"))
        .map((image) => image.getAttribute("src") ?? "(no src)");
      const hreflangs = [
        ...document.querySelectorAll<HTMLLinkElement>('link[rel="alternate" i][hreflang]'),
      ].map((link) => link.getAttribute("hreflang") ?? "");
      const jsonLd = [...document.querySelectorAll('script[type="application/ld+json" i]')].map((script) => {
        try {
          const parsed = JSON.parse(script.textContent ?? "");
          return typeof parsed === "object" && parsed !== null ? "" : "not an object";
        } catch (error) {
          return String(error);
        }
      });
      return {
        title: document.title.trim(),
        description: meta("description"),
        viewport: meta("viewport"),
        lang: document.documentElement.getAttribute("lang")?.trim() ?? "",
        canonicals,
        robotsMeta,
        genericLinks,
        imagesWithoutAlt,
        hreflangs,
        jsonLd,
      };
    }, GENERIC_LINK_TEXT);
    const xRobots = (response?.headers()["x-robots-tag"] ?? "").toLowerCase();
    const noindex = /\b(noindex|none)\b/;
    const checks: Check[] = [
      { id: "document-title", pass: dom.title.length > 0 },
      { id: "meta-description", pass: dom.description.length > 0 },
      { id: "http-status-code", pass: status === 200, detail: `HTTP ${status}` },
      {
        id: "is-crawlable",
        pass: !noindex.test(dom.robotsMeta) && !noindex.test(xRobots) && !robots.blocks(path),
        detail: robots.blocks(path) ? "blocked by robots.txt" : dom.robotsMeta || xRobots,
      },
      {
        id: "canonical",
        pass: dom.canonicals.length === 1 && /^https?:\/\/[^/]+/i.test(dom.canonicals[0] ?? ""),
        detail: dom.canonicals.join(" ") || "missing",
      },
      { id: "html-has-lang", pass: dom.lang.length > 0 },
      {
        id: "viewport",
        pass: /width\s*=|initial-scale/i.test(dom.viewport),
        detail: dom.viewport || "missing",
      },
      { id: "link-text", pass: dom.genericLinks.length === 0, detail: dom.genericLinks.join(", ") },
      { id: "image-alt", pass: dom.imagesWithoutAlt.length === 0, detail: dom.imagesWithoutAlt.join(", ") },
      // n/a when the page declares no alternates; else every code must look like a language (or x-default).
      {
        id: "hreflang",
        pass: dom.hreflangs.every((code) => /^(x-default|[a-z]{2,3}(-[A-Za-z0-9]{2,8})*)$/i.test(code)),
      },
      { id: "robots-txt", pass: robots.problems.length === 0, detail: robots.problems.join("; ") },
      {
        id: "structured-data",
        pass: dom.jsonLd.every((problem) => problem === ""),
        detail: dom.jsonLd.filter(Boolean).join("; "),
      },
      // Not measured here (Lighthouse needs its renderer for these): counted as passed.
      { id: "font-size", pass: true },
      { id: "tap-targets", pass: true },
    ];
    const seo = Math.round((100 * checks.filter((check) => check.pass).length) / checks.length);
    const failing = [
      ...axe.violations.map((rule) => `a11y:${rule.id}(${rule.found ?? rule.impact})`),
      ...checks
        .filter((check) => !check.pass)
        .map((check) => `seo:${check.id}${check.detail ? ` [${check.detail}]` : ""}`),
    ];
    const counted = `${axe.passes.length + axe.violations.length} rules, ${checks.length} checks`;
    return { path, accessibility, seo, counted, failing };
  } catch (error) {
    return { path, accessibility: 0, seo: 0, failing: [], loadError: String(error) };
  } finally {
    await context.close();
  }
}

await runBench("audit:pages", async (run) => {
  const database = await freshDatabase(run);
  const app = await startApp(run, database.url);
  const browser = await launchBrowser(await chromiumExecutable());
  run.onEnd(() => browser.close());
  const robots = await robotsTxt(app.appUrl);
  const rows: AuditRow[] = [];
  for (const path of PAGES) {
    console.log(`Auditing ${path} ...`);
    rows.push(await auditPage(browser, app.appUrl, path, robots));
  }
  const width = Math.max(4, ...rows.map((row) => row.path.length));
  console.log("");
  console.log(
    `${"Page".padEnd(width)}  Accessibility  SEO  Counted                 Failing checks / violations`,
  );
  for (const row of rows) {
    const failing = row.loadError ? `FAILED TO LOAD: ${row.loadError}` : row.failing.join(", ") || "-";
    console.log(
      `${row.path.padEnd(width)}  ${String(row.accessibility).padStart(13)}  ${String(row.seo).padStart(3)}  ${(row.counted ?? "-").padEnd(22)}  ${failing}`,
    );
    if (row.loadError) run.fail(`${row.path} failed to load: ${row.loadError}`);
  }
  console.log("");
  for (const row of rows.filter((row) => !row.loadError)) {
    for (const [name, score] of [
      ["accessibility", row.accessibility],
      ["SEO", row.seo],
    ] as const) {
      const verdict = run.goal("AUDIT_SCORE", `${row.path} ${name}`, score, { atLeast: BUDGET });
      console.log(`${row.path} ${name} ${score} ${verdict}`);
    }
  }
});
