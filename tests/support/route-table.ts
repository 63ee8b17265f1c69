import routes from "../../app/routes.ts";

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
