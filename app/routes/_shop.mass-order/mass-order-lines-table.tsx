import { formatCents } from "../../lib/format-money.ts";

/** A line as the page shows it: what the preview or the placing made of it. */
export type ShownLine = {
  line: number;
  text: string;
  /** The service, order number and price of a line that can be (or was) placed. */
  placed?: { serviceName: string; totalCents: number; orderNumber?: string };
  /** Why the line was not (or cannot be) placed. */
  refusal?: string;
};

/** The lines of a mass order, each with its service and price or its refusal (product rules 4.8). */
export function MassOrderLinesTable({ lines, caption }: { lines: ShownLine[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
      <table className="w-full table-fixed divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="w-14 px-3 py-2 font-semibold">
              Line
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Order
            </th>
            <th scope="col" className="w-24 px-3 py-2 text-right font-semibold sm:w-28">
              Price
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {lines.map((line) => (
            <tr key={line.line} data-testid="mass-order-line" data-ok={line.placed ? "true" : "false"}>
              <td className="px-3 py-2 align-top text-slate-500">{line.line}</td>
              <td className="px-3 py-2 align-top">
                <p className="break-words font-mono text-xs text-slate-500 [overflow-wrap:anywhere]">
                  {line.text}
                </p>
                {line.placed ? (
                  <p className="mt-1 text-slate-900">
                    {line.placed.orderNumber ? (
                      <span className="font-semibold">{line.placed.orderNumber}: </span>
                    ) : null}
                    {line.placed.serviceName}
                  </p>
                ) : (
                  <p className="mt-1 text-red-700" role="note">
                    {line.refusal}
                  </p>
                )}
              </td>
              <td className="px-3 py-2 text-right align-top tabular-nums text-slate-900">
                {line.placed ? formatCents(line.placed.totalCents) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
