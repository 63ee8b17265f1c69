/**
 * The page address a request is for: a client-side navigation asks for `/order/x.data?_routes=...` (the
 * index route `/_.data`), a document request for `/order/x`; both mean the page `/order/x`.
 */
export function pagePath(url: URL): { pathname: string; search: string; path: string } {
  const pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.replace(/_\.data$/, "")
    : url.pathname.replace(/\.data$/, "");
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  const search = query.size ? `?${query}` : "";
  return { pathname, search, path: `${pathname}${search}` };
}
