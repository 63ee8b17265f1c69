import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot, repoRoot, sourceFilesUnder, withoutComments } from "../support/source-files.ts";

/**
 * The areas of app/domain in layers, top to bottom (docs/decisions/034): a file imports from its own area and from
 * areas below it, never from one above, so no two areas lean on each other and an outcome travels up only through
 * a port its owner wires (fulfilment reports, orders decide). This list is the one source of truth for the order;
 * one line each says what the area is and what it needs from below. The files directly in app/domain are the
 * bottom layer, "(domain root)".
 */
const LAYERS: readonly (readonly [area: string, reason: string])[] = [
  // Composites over many areas.
  ["retention", "the retention round: each growing table's rule, run through the area that owns the table"],
  ["admin", "what spans the areas an admin runs: the dashboard's figures, manual work, the manual order"],
  ["dashboard", "the customer's dashboard: reads orders, auto orders, tickets and the wallet"],
  ["reseller", "the API v2: places and reads orders, auto orders and refills with an API key"],
  ["order-lifecycle", "runs the fulfilment worker and hands each part's outcome to its owning area"],
  // Orders placed through orders.
  ["trials", "a free trial is a free order: stored through orders, delivered by fulfilment"],
  ["auto-orders", "subscriptions: placed like orders, charged and refunded per post through the wallet"],
  // Content and support.
  ["blog", "posts and the newsletter: structured data from seo, sign-ups rate limited"],
  ["seo", "service pages, sitemap and structured data from the catalog and the shop's promises"],
  ["content", "the banner and the shop's promises: quotes cancel rules, payment methods and settings"],
  ["help", "the help search"],
  ["analytics", "first-party events, rate limited"],
  ["contact", "the contact form, rate limited"],
  ["tickets", "support threads: mailed, notified and rate limited"],
  // Money in, accounts, and orders with their delivery.
  ["payments", "deposits through verified webhooks: credit the wallet, mail a receipt, safe return paths"],
  ["accounts", "sign-in, sessions, roles: account mails, the new user's bonus, the order statement's guard"],
  ["orders", "placing, cancelling and ending orders: delivery from fulfilment, refunds, refills in the list"],
  ["refills", "refill requests and their endings: forwarded part by part by fulfilment"],
  ["fulfilment", "providers, submissions and the worker's steps: reports how parts end, decides nothing"],
  [
    "alerts",
    "the operator's alerts: read from tickets, submissions, balances, syncs and the ledger, mailed through the outbox",
  ],
  [
    "affiliates",
    "referral links, visits, attribution at sign-up, the commission ledger and payouts into the wallet",
  ],
  // What the areas above use.
  ["live", "balance and order status notices to open pages, read from the ledger"],
  ["catalog", "services, packs and platforms"],
  ["notifications", "which mails a customer wants: queued through mail"],
  ["mail", "the outbox and its worker; account mails capped per address"],
  ["security", "rate limits and sign-in throttling"],
  ["wallet", "the ledger: each balance change with its row; the new user's bonus from settings"],
  ["settings", "the shop's settings, each change audited"],
  ["audit", "the admin action log"],
  // Shared below every area.
  ["lists", "the one list reader: pages, keyset cursors, capped counts and search rules every list shares"],
  ["pricing", "Cents and price arithmetic"],
  [
    "(domain root)",
    "the vocabulary every area shares: refusals and their page answer, notices, ids, admin forms",
  ],
];

const ROOT_AREA = "(domain root)";
const domainDir = path.join(repoRoot, "app/domain");

/** The area of a file under app/domain (its first folder, or the root), or null outside app/domain. */
function areaOf(file: string): string | null {
  const relative = path.relative(domainDir, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return relative.includes(path.sep) ? (relative.split(path.sep)[0] as string) : ROOT_AREA;
}

/**
 * Every module a text imports by a relative path: `import ... from`, `import type ... from`, `export ... from`,
 * a bare `import "..."` and a dynamic `import("...")`.
 */
function importsIn(text: string): string[] {
  const code = withoutComments(text);
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[\w*{}\s,$]*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g,
    /\bimport\s*["'](\.{1,2}\/[^"']+)["']/g,
    /\bimport\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] as string));
}

type CrossImport = { file: string; specifier: string; from: string; to: string };

/** Every import under app/domain whose target is in another area. */
function crossAreaImports(): CrossImport[] {
  return sourceFilesUnder("app/domain").flatMap((file) => {
    const from = areaOf(file) as string;
    return importsIn(readFileSync(file, "utf8")).flatMap((specifier) => {
      const to = areaOf(path.resolve(path.dirname(file), specifier));
      return to === null || to === from ? [] : [{ file: fromRoot(file), specifier, from, to }];
    });
  });
}

describe("layers of app/domain", () => {
  const rank = new Map(LAYERS.map(([area], index) => [area, index]));

  it("names every area folder of app/domain once, and only those", () => {
    const folders = readdirSync(domainDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const named = LAYERS.map(([area]) => area);
    expect(named.length, "an area is named twice").toBe(rank.size);
    const unnamed = folders.filter((folder) => !rank.has(folder));
    expect(unnamed, "app/domain/<area> folders missing from LAYERS: add each at its place").toEqual([]);
    expect(named.filter((area) => area !== ROOT_AREA && !folders.includes(area)).sort()).toEqual([]);
  });

  it("finds static, type-only, re-exported and dynamic imports, and ignores comments", () => {
    const text = [
      'import { a, type B } from "../orders/a.ts";',
      'import type { C } from "../refills/c.ts";',
      "import {\n  d,\n  e as f,\n} from '../wallet/d.ts';",
      'import * as g from "./g.ts";',
      'import h from "../h.ts";',
      'export { i } from "../i.ts";',
      'export type { J } from "../j.ts";',
      'import "../side-effect.ts";',
      'const k = await import("../k.server.ts");',
      'import { l } from "drizzle-orm";',
      '// import { m } from "../m.ts";',
      '/** Applies ... (see import("../n.ts")) */',
      "const sql = `select id from orders`;",
    ].join("\n");
    expect(importsIn(text).sort()).toEqual(
      [
        "../orders/a.ts",
        "../refills/c.ts",
        "../wallet/d.ts",
        "./g.ts",
        "../h.ts",
        "../i.ts",
        "../j.ts",
        "../side-effect.ts",
        "../k.server.ts",
      ].sort(),
    );
  });

  it("has every import run from an area to one below it", () => {
    const upward = crossAreaImports()
      .filter((edge) => (rank.get(edge.to) ?? -1) < (rank.get(edge.from) ?? -1))
      .map(
        (edge) =>
          `${edge.file} imports ${edge.specifier}: ${edge.from} -> ${edge.to}, but ${edge.to} is above ` +
          `${edge.from} (LAYERS in this file): move the piece both need down, or let the lower area report ` +
          "through a port the higher one wires (docs/decisions/034)",
      );
    expect(upward).toEqual([]);
  });
});
