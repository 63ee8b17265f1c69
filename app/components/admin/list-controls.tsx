import { Form, Link } from "react-router";
import { ADMIN_SEARCH_MAX_LENGTH } from "../../domain/admin/list-search.ts";
import { formatCount } from "../../lib/format-money.ts";
import { buttonClass } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";

/** A list address: its path with the status filter, search and page that are set. */
export function listHref(
  path: string,
  params: { status?: string | null; q?: string; page?: number },
): string {
  const search = new URLSearchParams();
  if (params.status) search.set("status", params.status);
  if (params.q) search.set("q", params.q);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Status filter links (each with its count) and the search box of an admin list. */
export function ListFilters({
  path,
  noun,
  filters,
  status,
  q,
  searchLabel,
  searchPlaceholder,
}: {
  path: string;
  noun: string;
  filters: { value: string | null; label: string; count: number }[];
  status: string | null;
  q: string;
  searchLabel: string;
  searchPlaceholder: string;
}) {
  return (
    <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
      <nav aria-label={`Filter ${noun} by status`} className="flex flex-wrap gap-2">
        {filters.map((filter) => {
          const active = filter.value === status;
          return (
            <Link
              key={filter.label}
              to={listHref(path, { status: filter.value, q })}
              aria-current={active ? "page" : undefined}
              data-testid={`filter-${filter.value ?? "all"}`}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                active
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
              }`}
            >
              {filter.label} ({formatCount(filter.count)})
            </Link>
          );
        })}
      </nav>
      <SearchBox status={status} q={q} label={searchLabel} placeholder={searchPlaceholder} />
    </div>
  );
}

/** A GET search form keeping the status filter. */
export function SearchBox({
  status,
  q,
  label,
  placeholder,
}: {
  status?: string | null;
  q: string;
  label: string;
  placeholder: string;
}) {
  return (
    <Form method="get" role="search" className="flex gap-2">
      {status ? <input type="hidden" name="status" value={status} /> : null}
      <Input
        label={label}
        hideLabel
        id="list-search"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={ADMIN_SEARCH_MAX_LENGTH}
        placeholder={placeholder}
        fieldClassName="w-64"
      />
      <button type="submit" className={buttonClass("secondary")}>
        Search
      </button>
    </Form>
  );
}

/** Previous / next links with "Page x of y (n things)". */
export function ListPagination({
  path,
  noun,
  page,
  pageCount,
  total,
  status,
  q,
}: {
  path: string;
  noun: string;
  page: number;
  pageCount: number;
  total: number;
  status?: string | null;
  q: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between text-sm text-slate-600">
      <span>
        Page {formatCount(page)} of {formatCount(pageCount)} ({formatCount(total)} {noun})
      </span>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={listHref(path, { status, q, page: page - 1 })} className={buttonClass("secondary")}>
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={listHref(path, { status, q, page: page + 1 })} className={buttonClass("secondary")}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
