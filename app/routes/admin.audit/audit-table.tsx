import { Link } from "react-router";
import { AdminTable } from "../../components/admin/admin-table.tsx";
import { formatDateTime } from "../../components/admin/format.ts";

const HEADINGS = ["When", "Admin", "Action", "Object", "What changed"];

type Entry = {
  id: number;
  createdAt: string;
  adminEmail: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  details: Record<string, unknown>;
};

/** Where an object's own page is, for the kinds that have one. */
function objectHref(entry: Entry): string | null {
  switch (entry.subjectType) {
    case "user":
      return `/admin/users/${entry.subjectId}`;
    case "service":
      return `/admin/services?edit=${entry.subjectId}`;
    case "provider":
      return `/admin/providers/${entry.subjectId}`;
    case "platform":
      return `/admin/platforms?edit=${encodeURIComponent(entry.subjectId)}`;
    case "blog_post":
      return `/admin/blog?edit=${entry.subjectId}`;
    default:
      return null;
  }
}

/** A change's details as one line each: "price_per_1000: "4.0000" → "12.5"", or the value itself. */
function detailLines(details: Record<string, unknown>): string[] {
  return Object.entries(details).map(([key, value]) => {
    if (value && typeof value === "object" && "from" in value && "to" in value) {
      const { from, to } = value as { from: unknown; to: unknown };
      return `${key}: ${JSON.stringify(from)} → ${JSON.stringify(to)}`;
    }
    return `${key}: ${JSON.stringify(value)}`;
  });
}

/** The audit log's rows: when, who, what, on which object and what changed. */
export function AuditTable({ entries }: { entries: Entry[] }) {
  return (
    <AdminTable headings={HEADINGS} items={entries} empty="No changes match these filters.">
      {(entry) => {
        const href = objectHref(entry);
        return (
          <tr key={entry.id} data-testid="audit-row" className="align-top">
            <td className="whitespace-nowrap px-4 py-3">{formatDateTime(entry.createdAt)}</td>
            <td className="wrap-anywhere px-4 py-3">{entry.adminEmail ?? "A removed admin"}</td>
            <td className="whitespace-nowrap px-4 py-3 font-mono text-xs">{entry.action}</td>
            <td className="px-4 py-3">
              <div className="text-slate-500">{entry.subjectType}</div>
              {href ? (
                <Link to={href} className="wrap-anywhere font-mono text-xs text-brand-700 underline">
                  {entry.subjectId}
                </Link>
              ) : (
                <span className="wrap-anywhere font-mono text-xs">{entry.subjectId}</span>
              )}
            </td>
            <td className="px-4 py-3">
              <ul className="max-w-xl space-y-0.5 font-mono text-xs text-slate-700 wrap-anywhere">
                {detailLines(entry.details).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </td>
          </tr>
        );
      }}
    </AdminTable>
  );
}
