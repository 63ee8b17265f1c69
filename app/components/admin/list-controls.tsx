import { Form, Link } from "react-router";
import { ADMIN_SEARCH_MAX_LENGTH, LIST_COUNT_CAP } from "../../domain/lists/list-search.ts";
import { formatCount } from "../../lib/format-money.ts";
import { buttonClass } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { useStaffCan } from "./use-staff-can.ts";

/**
 * A list address: its path with the status filter, a list's own filters, search and page that are set, and the
 * cursor a keyset page continues after or before (docs/decisions/030).
 */
export function listHref(
  path: string,
  params: {
    status?: string | null;
    filters?: Record<string, string | null>;
    q?: string;
    page?: number;
    after?: string;
    before?: string;
  },
): string {
  const search = new URLSearchParams();
  if (params.status) search.set("status", params.status);
  for (const [name, value] of Object.entries(params.filters ?? {})) if (value) search.set(name, value);
  if (params.q) search.set("q", params.q);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  if (params.after) search.set("after", params.after);
  if (params.before) search.set("before", params.before);
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
  countsAtLeast = false,
}: {
  path: string;
  noun: string;
  filters: { value: string | null; label: string; count: number }[];
  /** Each count is at least what it says: a search found more rows than the counts read. */
  countsAtLeast?: boolean;
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
              {filter.label} ({formatListCount(filter.count)}
              {countsAtLeast && filter.count <= LIST_COUNT_CAP ? "+" : ""})
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
    <Form method="get" role="search" className="flex max-w-full min-w-0 gap-2">
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
        fieldClassName="w-64 min-w-0 shrink"
      />
      <button type="submit" className={buttonClass("secondary")}>
        Search
      </button>
    </Form>
  );
}

/** A list count: exact up to LIST_COUNT_CAP, "10,000+" beyond (the counts stop there, docs/decisions/030). */
export function formatListCount(value: number): string {
  return value > LIST_COUNT_CAP ? `${formatCount(LIST_COUNT_CAP)}+` : formatCount(value);
}

/**
 * Previous / next links with "Page x of y (n things)" ("Page x (10,000+ things)" past the counts' cap). With
 * cursors (`next`, `previous`), the links continue from the page's last or first row however deep it is; without
 * them, they address page numbers.
 */
export function ListPagination({
  path,
  noun,
  page,
  pageCount,
  total,
  status,
  filters,
  q,
  next,
  previous,
}: {
  path: string;
  noun: string;
  page: number;
  pageCount: number;
  total: number;
  status?: string | null;
  /** A list's own filters beside the status, kept by the links. */
  filters?: Record<string, string | null>;
  q: string;
  next?: string | null;
  previous?: string | null;
}) {
  const keyset = next !== undefined;
  const hasNext = keyset ? next !== null : page < pageCount;
  const hasPrevious = page > 1;
  if (!hasNext && !hasPrevious) return null;
  const capped = total > LIST_COUNT_CAP;
  const previousHref =
    keyset && previous && page > 2
      ? listHref(path, { status, filters, q, page: page - 1, before: previous })
      : listHref(path, { status, filters, q, page: page - 1 });
  const nextHref = listHref(path, {
    status,
    filters,
    q,
    page: page + 1,
    after: keyset ? (next ?? undefined) : undefined,
  });
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between text-sm text-slate-600">
      <span>
        Page {formatCount(page)}
        {capped ? "" : ` of ${formatCount(pageCount)}`} ({formatListCount(total)} {noun})
      </span>
      <div className="flex gap-2">
        {hasPrevious ? (
          <Link to={previousHref} className={buttonClass("secondary")}>
            Previous
          </Link>
        ) : null}
        {hasNext ? (
          <Link to={nextHref} className={buttonClass("secondary")}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/**
 * "Export CSV" of a list as it is filtered now (product rules 14.36): the export's address with the list's
 * status, search and own filters. A plain link: the download is not a page.
 */
export function ExportLink({
  file,
  status,
  q,
  filters,
}: {
  file: "orders" | "services" | "users" | "transactions" | "audit";
  status?: string | null;
  q?: string;
  filters?: Record<string, string | null>;
}) {
  // The exports are the shop's figures: only roles that read reports download them (product rules 15.38).
  const mayExport = useStaffCan("reports.view");
  if (!mayExport) return null;
  return (
    <a
      href={listHref(`/admin/export/${file}.csv`, { status, q, filters })}
      download
      className={buttonClass("secondary")}
    >
      Export CSV
    </a>
  );
}
