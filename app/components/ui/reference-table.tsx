import type { ReactNode } from "react";

export type ReferenceColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Code-like text (names of fields, actions): monospace. */
  code?: boolean;
  /** The row's name: bold. */
  emphasis?: boolean;
};

/**
 * A documentation table: columns side by side from 640 px, and below it each row as a card whose cells carry their
 * column's header as a label (product rules 12.4), so a phone never scrolls a table sideways to read it.
 */
export function ReferenceTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: ReadonlyArray<ReferenceColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <div className="rounded-2xl bg-white ring-1 ring-slate-200 sm:overflow-x-auto">
      <table className="min-w-full text-left text-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700 max-sm:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-4 py-3 font-semibold">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-700 max-sm:block">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="max-sm:block max-sm:py-2">
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={`px-4 py-3 align-top max-sm:block max-sm:py-1.5 max-sm:before:mb-0.5 max-sm:before:block max-sm:before:font-sans max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)] ${
                    column.code ? "font-mono" : ""
                  } ${column.emphasis ? "font-semibold text-slate-900" : ""}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
