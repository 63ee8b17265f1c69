import { describe, expect, it } from "vitest";
import { runBenchScript } from "../../../support/bench-script.ts";

// docs/testing.md, "Benchmarks": every audit runs here on one page, so a change that breaks one breaks the suite.
const RUN_LIMIT_MS = 240_000;

describe("the page audits", () => {
  it(
    "npm run audit:pages scores a page's accessibility and SEO in Chromium",
    async () => {
      const { code, output } = await runBenchScript(
        "scripts/audit-pages.ts",
        { AUDIT_PAGES: "/" },
        RUN_LIMIT_MS,
      );
      expect(output).toMatch(/^\/ +\d+ +\d+ +\d+ rules, \d+ checks/m);
      expect(output).toMatch(/^\/ accessibility \d+ \(goal >= 95: (met|MISSED)\)$/m);
      expect(output).toMatch(/^\/ SEO \d+ \(goal >= 95: (met|MISSED)\)$/m);
      expect(output).toMatch(/^audit:pages: done/m);
      expect(code, output).toBe(0);
    },
    RUN_LIMIT_MS,
  );

  it(
    "npm run audit:lighthouse runs Lighthouse on a page and prints its four scores and metrics",
    async () => {
      const { code, output } = await runBenchScript(
        "scripts/audit-lighthouse.ts",
        { AUDIT_PAGES: "/", AUDIT_RUNS: "1" },
        RUN_LIMIT_MS,
      );
      expect(output).toMatch(
        /^ {2}performance \d+ \(goal >= 98: (met|MISSED)\), accessibility \d+ \(goal >= 100: (met|MISSED)\), best-practices \d+ .*, seo \d+ /m,
      );
      expect(output).toMatch(/^ {2}FCP [\d.,]+\ss, LCP [\d.,]+\ss, TBT [\d.,]+\sms, CLS [\d.]+/m);
      expect(output).toMatch(/^audit:lighthouse: done/m);
      expect(code, output).toBe(0);
    },
    RUN_LIMIT_MS,
  );
});
