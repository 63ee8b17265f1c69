import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFilesUnder } from "../support/source-files.ts";

/**
 * A component only one route uses lives in that route's folder (docs/decisions/019): app/components holds the
 * primitives (ui/) and what two or more routes share. Read from the import lines of app/ (relative imports only).
 */
const appDir = path.resolve(import.meta.dirname, "../../app");
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+)["']/g;

/** The route folder (app/routes/<name>) a file belongs to, or the file itself outside the routes. */
function owner(file: string): string {
  const relative = path.relative(path.join(appDir, "routes"), file);
  if (relative.startsWith("..")) return file;
  return relative.split(path.sep)[0] ?? file;
}

describe("app/components", () => {
  it("holds only primitives and pieces that two or more routes (or shared components) use", () => {
    const files = sourceFilesUnder("app");
    const importers = new Map<string, Set<string>>();
    for (const file of files) {
      for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
        const target = path.resolve(path.dirname(file), match[1] ?? "");
        const owners = importers.get(target) ?? new Set<string>();
        owners.add(owner(file));
        importers.set(target, owners);
      }
    }
    const components = sourceFilesUnder("app/components").filter(
      (file) => !file.includes(`${path.sep}components${path.sep}ui${path.sep}`),
    );
    expect(components.length).toBeGreaterThan(10);
    const singleUse = components
      .filter((file) => (importers.get(file)?.size ?? 0) < 2)
      .map(
        (file) =>
          `${path.relative(appDir, file)} <- ${[...(importers.get(file) ?? [])].join(", ") || "nothing"}`,
      );
    expect(singleUse, "move these beside the one route that uses them, or delete them if unused").toEqual([]);
  });
});
