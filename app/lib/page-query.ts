/**
 * What a route module says about its query string, in its `handle`: the parameters it (or anything it renders)
 * reads; or "any" for a page whose answer is its query's own (a redirect that passes it on, a confirmation link
 * that acts once): with a query, such a page is rendered from the address asked and never kept. A kept page's key
 * holds the named parameters and nothing else of the query, and the page is rendered without the others (docs/decisions/035-versioned-page-caches.md);
 * tests/unit/page-query.test.ts checks that every parameter a storefront route reads is named here.
 */
export type PageHandle = { pageQuery?: readonly string[] | "any" };

/** The query parameters a route's handle names: none when it names none, "any" when it reads them all. */
export function pageQueryOf(handle: PageHandle | undefined): readonly string[] | "any" {
  return handle?.pageQuery ?? [];
}
