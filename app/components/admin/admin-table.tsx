import type { ReactNode } from "react";

/**
 * An admin list as a table: the column headings over one row per item (`children` draws a row), or the list's
 * empty text when there is nothing to show.
 */
export function AdminTable<Item>({
  headings,
  items,
  empty,
  children,
}: {
  headings: readonly string[];
  items: readonly Item[];
  empty: string;
  children: (item: Item) => ReactNode;
}) {
  if (items.length === 0) return <p className="p-6 text-slate-600">{empty}</p>;
  return (
    <table className="min-w-full divide-y divide-slate-200 text-sm">
      <thead className="bg-slate-50 text-left text-slate-600">
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col" className="px-4 py-3 font-medium">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{items.map((item) => children(item))}</tbody>
    </table>
  );
}
