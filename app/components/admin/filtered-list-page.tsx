import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "../ui/button.tsx";
import { ExportLink, ListFilters, ListPagination } from "./list-controls.tsx";

type Filter = { value: string | null; label: string; count: number };

/** The status filters of a list: "All", then each status in words, each with its count. */
export function statusFilters<S extends string>(
  statuses: readonly S[],
  counts: Record<S | "all", number>,
  label: (status: S) => string,
): Filter[] {
  return [
    { value: null, label: "All", count: counts.all },
    ...statuses.map((value) => ({ value, label: label(value), count: counts[value] })),
  ];
}

/**
 * An admin list page with status filters and search: its heading with Refresh, the filters, the list itself
 * (children) and the pagination, all addressing the same path.
 */
export function FilteredListPage({
  title,
  path,
  noun,
  filters,
  search,
  list,
  width = "max-w-7xl",
  exportFile,
  children,
}: {
  title: string;
  path: string;
  noun: string;
  filters: Filter[];
  search: { label: string; placeholder: string };
  list: {
    status: string | null;
    q: string;
    page: number;
    pageCount: number;
    total: number;
    next: string | null;
    previous: string | null;
    /** The counts are a searched sample's, each at least (product rules 14.31). */
    countsAtLeast?: boolean;
  };
  width?: string;
  /** The export of this list, linked with its filters ("Export CSV"), when it has one. */
  exportFile?: "orders";
  children: ReactNode;
}) {
  const location = useLocation();
  // The filters, search and pagination all address the same list.
  const address = { path, noun, status: list.status, q: list.q };
  return (
    <main className={`mx-auto ${width} px-4 py-8`}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        <div className="flex flex-wrap gap-2">
          {exportFile ? <ExportLink file={exportFile} status={list.status} q={list.q} /> : null}
          <Link to={`${location.pathname}${location.search}`} className={buttonClass("secondary")}>
            Refresh
          </Link>
        </div>
      </div>
      <ListFilters
        {...address}
        filters={filters}
        countsAtLeast={list.countsAtLeast ?? false}
        searchLabel={search.label}
        searchPlaceholder={search.placeholder}
      />
      {children}
      <ListPagination
        {...address}
        page={list.page}
        pageCount={list.pageCount}
        total={list.total}
        next={list.next}
        previous={list.previous}
      />
    </main>
  );
}
