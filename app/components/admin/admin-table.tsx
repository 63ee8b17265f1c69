import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

/**
 * The classes that turn a table into labelled cards below 640 px (product rules 12.4, 12.11): each row a card, each
 * cell on its own line under its column's header (the cell's `data-label`), so a phone never scrolls a list sideways
 * and a row's actions are on screen. From 640 px the columns stand side by side as before.
 */
export const CARD_TABLE_CLASS =
  "max-sm:block max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:py-2 max-sm:[&_td]:block max-sm:[&_td]:max-w-none max-sm:[&_td]:py-1.5 max-sm:[&_td]:before:mb-0.5 max-sm:[&_td]:before:block max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:font-semibold max-sm:[&_td]:before:text-slate-500 max-sm:[&_td]:before:content-[attr(data-label)] max-sm:[&_thead]:sr-only max-sm:[&_tbody_th]:block max-sm:[&_tbody_th]:font-semibold max-sm:[&_td]:text-left";

/** A component that draws several cells of a row (and labels them itself) says how many. */
type CellsComponent = { cellCount?: number };

/**
 * Gives each cell of a row its column's header as `data-label`, in order, so the rows of every list carry their
 * labels without each page writing them (a cell that already has one keeps it).
 */
export function labelCells(row: ReactNode, headings: readonly string[]): ReactNode {
  if (!isValidElement<{ children?: ReactNode }>(row)) return row;
  let column = 0;
  const cells = Children.map(row.props.children, (cell) => {
    if (!isValidElement<{ "data-label"?: string }>(cell)) return cell;
    if (cell.type !== "td") {
      column += (cell.type as CellsComponent).cellCount ?? 1;
      return cell;
    }
    const label = headings[column++] ?? "";
    return cloneElement(cell as ReactElement<{ "data-label"?: string }>, {
      "data-label": cell.props["data-label"] ?? label,
    });
  });
  return cloneElement(row, undefined, cells);
}

/**
 * An admin list as a table: the column headings over one row per item (`children` draws a row), or the list's
 * empty text when there is nothing to show. Below 640 px each row is a card of labelled cells (CARD_TABLE_CLASS).
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
    <table className={`min-w-full divide-y divide-slate-200 text-sm ${CARD_TABLE_CLASS}`}>
      <thead className="bg-slate-50 text-left text-slate-600">
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col" className="px-4 py-3 font-medium">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {items.map((item) => labelCells(children(item), headings))}
      </tbody>
    </table>
  );
}
