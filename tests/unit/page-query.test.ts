import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type PageHandle, pageQueryOf } from "../../app/lib/page-query.ts";
import { fromRoot, repoRoot, sourceFilesUnder } from "../support/source-files.ts";

// A kept page's address holds only the query parameters its routes name in `handle.pageQuery`, and the page is
// rendered without the others (docs/decisions/035-versioned-page-caches.md). A storefront page that read a
// parameter it does not name would lose it for visitors: this guard finds every parameter the storefront reads.
// (Admin and API paths are never kept; their routes may read what they like.)

const routesDir = path.join(repoRoot, "app/routes");

/** Route folders whose pages the caches may keep: the storefront's, and the platform redirects. */
const storefrontRoutes = readdirSync(routesDir).filter(
  (name) =>
    (name.startsWith("_shop") || name === "platform-redirect") &&
    statSync(path.join(routesDir, name)).isDirectory(),
);

/** `searchParams.get("x")`, `params.getAll("x")`, `searchParams.has("x")`: a read of a query parameter by name. */
const NAMED_READ = /\b(?:searchParams|params)\.(?:get|getAll|has)\(\s*"([^"]+)"\s*\)/g;
/** A whole query parsed by a zod schema: `schema.parse(Object.fromEntries(....searchParams))`. */
const SCHEMA_READ = /(\w+)\.parse\(\s*Object\.fromEntries\([^)]*searchParams\)/g;

function namedReads(text: string): string[] {
  return [...text.matchAll(NAMED_READ)].map((match) => match[1]!);
}

async function handleOf(route: string): Promise<PageHandle | undefined> {
  const file = ["route.tsx", "route.ts"]
    .map((name) => path.join(routesDir, route, name))
    .find((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
  if (!file) throw new Error(`${route} has no route module`);
  const module = (await import(file)) as { handle?: PageHandle };
  return module.handle;
}

describe("the query parameters of storefront pages", () => {
  it("every parameter a route's own files read by name is named in its handle", async () => {
    const missing: string[] = [];
    for (const route of storefrontRoutes) {
      const declared = pageQueryOf(await handleOf(route));
      if (declared === "any") continue;
      for (const file of sourceFilesUnder(`app/routes/${route}`)) {
        for (const name of namedReads(readFileSync(file, "utf8"))) {
          if (!declared.includes(name)) missing.push(`${fromRoot(file)} reads "${name}"`);
        }
      }
    }
    expect(missing, "name these in the route's handle.pageQuery").toEqual([]);
  });

  it("a route that parses its whole query with a schema names exactly the schema's keys", async () => {
    const wrong: string[] = [];
    for (const route of storefrontRoutes) {
      for (const file of sourceFilesUnder(`app/routes/${route}`)) {
        const text = readFileSync(file, "utf8");
        for (const [, schema] of text.matchAll(SCHEMA_READ)) {
          if (!text.includes(`pageQuery: Object.keys(${schema}.shape)`))
            wrong.push(`${fromRoot(file)}: ${schema}`);
        }
      }
    }
    expect(wrong, "declare `handle = { pageQuery: Object.keys(schema.shape) }`").toEqual([]);
  });

  it("every parameter shared code reads by name is named by a storefront route", async () => {
    const declared = new Set<string>();
    for (const route of storefrontRoutes) {
      const query = pageQueryOf(await handleOf(route));
      if (query !== "any") for (const name of query) declared.add(name);
    }
    // Reads of another address than the page's own.
    const notThePage: Record<string, string> = {
      "app/domain/orders/profile-username.ts": "reads a pasted profile link, not the page's address",
      "app/domain/accounts/auth.server.ts": "reads better-auth's confirmation link, not the page's address",
    };
    const shared = [
      ...["app/components", "app/domain", "app/lib"].flatMap(sourceFilesUnder),
      path.join(repoRoot, "app/root.tsx"),
    ];
    const missing: string[] = [];
    for (const file of shared) {
      const relative = fromRoot(file);
      if (relative in notThePage) continue;
      for (const name of namedReads(readFileSync(file, "utf8"))) {
        if (!declared.has(name)) missing.push(`${relative} reads "${name}"`);
      }
    }
    expect(missing, "name these in the handle of the routes that use this code").toEqual([]);
  });
});
