import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A route module stays small enough to read in one sitting (docs/decisions/019): at most 250 lines. What grows moves
 * into the route's folder (its components, its page controller) rather than into the module.
 */
const MAX_ROUTE_LINES = 250;
const routesDir = path.resolve(import.meta.dirname, "../../app/routes");

function routeModules(): string[] {
  return readdirSync(routesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(path.join(routesDir, folder.name))
        .filter((name) => /^route\.tsx?$/.test(name))
        .map((name) => path.join(folder.name, name)),
    );
}

describe("route modules", () => {
  it("are found: every route folder of the table has its module", () => {
    expect(routeModules().length).toBeGreaterThan(50);
  });

  it(`stay at or under ${MAX_ROUTE_LINES} lines`, () => {
    const tooLong = routeModules()
      .map((file) => ({
        file,
        lines: readFileSync(path.join(routesDir, file), "utf8").split("\n").length - 1,
      }))
      .filter(({ lines }) => lines > MAX_ROUTE_LINES)
      .map(({ file, lines }) => `app/routes/${file}: ${lines} lines`);
    expect(tooLong, `split these route modules into their folders (docs/decisions/019)`).toEqual([]);
  });
});
