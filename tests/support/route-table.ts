import { readFileSync } from "node:fs";
import path from "node:path";
import routes from "../../app/routes.ts";

const appDir = path.resolve(import.meta.dirname, "../../app");

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every page path of the app's route table, with `:params` filled in and splats left out. */
export function allPagePaths(fill: Record<string, string> = {}): string[] {
  const paths: string[] = [];
  const walk = (entries: RouteEntry[], parent: string) => {
    for (const entry of entries) {
      const joined = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent;
      if (entry.children?.length) walk(entry.children, joined);
      else if (entry.path !== undefined || entry.index) paths.push(joined || "/");
    }
  };
  walk(routes as RouteEntry[], "");
  return [...new Set(paths)]
    .filter((path) => !path.includes("*"))
    .map((path) =>
      path.replace(/:(\w+)\??/g, (_, name: string) => fill[name] ?? "00000000-0000-4000-8000-000000000000"),
    );
}

/** The admin area's paths (everything under /admin/, and /admin itself). */
export function adminPagePaths(): string[] {
  return allPagePaths().filter((path) => path === "/admin" || path.startsWith("/admin/"));
}

type ModuleEntry = RouteEntry & { file?: string };

/** Every leaf route of the table with its module file (relative to app/) and its path, `:params` left in. */
export function routeModules(): { path: string; file: string }[] {
  const found: { path: string; file: string }[] = [];
  const walk = (entries: ModuleEntry[], parent: string) => {
    for (const entry of entries) {
      const joined = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent;
      if (entry.children?.length) walk(entry.children, joined);
      else if (entry.file) found.push({ path: joined || "/", file: entry.file });
    }
  };
  walk(routes as ModuleEntry[], "");
  return found;
}

/** The module's source text (read, not imported: importing a route module would load its server code here). */
export function routeSource(file: string): string {
  return readFileSync(path.join(appDir, file), "utf8");
}

/** The routes whose module exports an `action`, found in each module's source. */
export function actionRoutes(): { path: string; file: string }[] {
  return routeModules().filter(({ file }) =>
    /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(routeSource(file)),
  );
}

/** A route path with each `:param` replaced from `fill`; a param without a value throws (so a new one is noticed). */
export function fillPath(routePath: string, fill: Record<string, string>): string {
  return routePath.replace(/:(\w+)\??/g, (_, name: string) => {
    const value = fill[name];
    if (value === undefined)
      throw new Error(`No value for :${name} in ${routePath}: add one to the test's fill`);
    return encodeURIComponent(value);
  });
}
