import { type ReactNode, useId } from "react";
import { CARD_TABLE_CLASS } from "../../components/admin/admin-table.tsx";

/** The width of every admin chart's drawing, in SVG units; each chart sets its own height. */
export const CHART_WIDTH = 640;

/**
 * An admin chart: its caption, the SVG drawing (named by its title, summarised by `summary` for screen
 * readers) and the same numbers as a table anyone can open. `table` is the table's head and body.
 */
export function ChartFigure({
  title,
  description,
  testId,
  height,
  summary,
  table,
  children,
}: {
  title: string;
  description?: string;
  testId: string;
  height: number;
  summary: string;
  table: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={testId}>
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      <svg
        viewBox={`0 0 ${CHART_WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="mt-3 h-auto w-full"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {children}
      </svg>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer rounded font-medium text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
          Show the numbers as a table
        </summary>
        {/* Below 640 px each row is a card of labelled figures (product rules 12.11), never wider than the page. */}
        <div className="mt-2 sm:overflow-x-auto">
          <table className={`w-full text-left ${CARD_TABLE_CLASS}`}>
            <caption className="sr-only">{title}</caption>
            {table}
          </table>
        </div>
      </details>
    </figure>
  );
}
