import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { type PageHandle, pageQueryOf } from "../app/lib/page-query.ts";

/**
 * A kept page's address (docs/decisions/035-versioned-page-caches.md): its path, and of its query only the
 * parameters its routes read (each route names them in `handle.pageQuery`), in the order given. Anything else a link carries
 * (utm_*, fbclid, a typo) shares the page's entry, and the page is rendered from this address, so a kept page can
 * never depend on a parameter its key does not hold.
 */
export type PageAddress = {
  path: string;
  url: string;
  /** Whether the address asked carried parameters the kept one leaves out. */
  leftOut: boolean;
};

/** A path as the shop writes its own: lower case, no empty or dot segment, no trailing slash, nothing encoded. */
const CANONICAL_PATH = /^(\/(?!\.\.?(\/|$))[a-z0-9._~-]+)*$|^\/$/;

type RouteNode = RouteObject & { handle?: unknown; children?: RouteNode[] };

/**
 * The address reader of a built app: `pageAddress(path, search)` is the page's kept address, or null when the
 * path is not one of the shop's own spellings (`/FAQ`, `/faq/`, `/f%61q`), or the page passes on a query it was
 * given: rendered then from the address asked, never kept, so no number of spellings can fill the store.
 */
export function pageAddresses(build: ServerBuild): (path: string, search: string) => PageAddress | null {
  const routes = routeTree(build);
  const queryOfPath = new Map<string, readonly string[] | "any" | null>();
  const readParameters = (path: string) => {
    let keys = queryOfPath.get(path);
    if (keys === undefined) {
      const read = matchRoutes(routes, path)?.map((match) => pageQueryOf(match.route.handle as PageHandle));
      keys = !read ? null : read.includes("any") ? "any" : [...new Set(read.flat())];
      // Only canonical paths come here; bounded all the same, since any path is one.
      if (queryOfPath.size >= 10_000) queryOfPath.clear();
      queryOfPath.set(path, keys);
    }
    return keys;
  };
  return (path, search) => {
    if (!CANONICAL_PATH.test(path)) return null;
    const keys = readParameters(path);
    if (!keys || (keys === "any" && search)) return null;
    if (keys === "any") return { path, url: path, leftOut: false };
    const given = new URLSearchParams(search);
    const kept = new URLSearchParams();
    for (const [key, value] of given) if (keys.includes(key)) kept.append(key, value);
    const query = kept.size ? `?${kept}` : "";
    return { path, url: `${path}${query}`, leftOut: kept.size < given.size };
  };
}

/** React Router's nested routes from the build's flat manifest, each with its module's handle. */
function routeTree(build: ServerBuild): RouteNode[] {
  const manifest = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteNode[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const node = {
          id: route.id,
          path: route.path,
          caseSensitive: route.caseSensitive,
          handle: route.module.handle,
        };
        return route.index
          ? ({ ...node, index: true } as RouteNode)
          : ({ ...node, children: childrenOf(route.id) } as RouteNode);
      });
  return childrenOf(undefined);
}
