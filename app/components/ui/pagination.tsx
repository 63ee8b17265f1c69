import { Link } from "react-router";

/** The words of every paged storefront list. */
const PAGINATION_TEXT = { previous: "Previous", next: "Next" } as const;

/** The page numbers to show: the first, the last, and the two either side of the current one; null is a gap. */
function pageNumbers(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const numbers = [...wanted].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return numbers.flatMap((n, index) => {
    const previous = numbers[index - 1];
    return previous !== undefined && n - previous > 1 ? [null, n] : [n];
  });
}

const linkClass =
  "inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * Previous, the page numbers and Next, as plain links keeping the list's search and filters (`href` makes a page's
 * address; keyboard and no-JS friendly).
 */
export function Pagination({
  page,
  pageCount,
  href,
  label,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  /** What the pages are of, for assistive technology ("Pages of orders"). */
  label: string;
}) {
  if (pageCount <= 1) return null;
  const idle = `${linkClass} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className={idle}>
              {PAGINATION_TEXT.previous}
            </Link>
          ) : (
            <span aria-disabled="true" className={`${linkClass} border-slate-200 text-slate-400`}>
              {PAGINATION_TEXT.previous}
            </span>
          )}
        </li>
        {pageNumbers(page, pageCount).map((n, index) =>
          n === null ? (
            // Gaps have no identity of their own; their place between two numbers is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? "page" : undefined}
                className={n === page ? `${linkClass} border-brand-600 bg-brand-600 text-white` : idle}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" className={idle}>
              {PAGINATION_TEXT.next}
            </Link>
          ) : (
            <span aria-disabled="true" className={`${linkClass} border-slate-200 text-slate-400`}>
              {PAGINATION_TEXT.next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
