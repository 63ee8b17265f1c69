import { Form, Link } from "react-router";
import { z } from "zod";
import { ExportLink, ListPagination } from "../../components/admin/list-controls.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { requireAdmin } from "../../domain/accounts/session.server.ts";
import { isoDay } from "../../domain/admin/figures-period.ts";
import { readAuditLog } from "../../domain/admin/read-audit-log.server.ts";
import { ADMIN_SEARCH_MAX_LENGTH } from "../../domain/lists/list-search.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";
import { AuditTable } from "./audit-table.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Audit log",
    description: "Every change an admin made: who, what, to which object and when.",
    path: "/admin/audit",
    noindex: true,
    matches,
  });

const day = isoDay.nullable().catch(null).default(null);

// The filters (each optional) and the page, from the address; anything unreadable is no filter.
const auditQuery = z.object({
  admin: z.string().max(ADMIN_SEARCH_MAX_LENGTH).catch("").default(""),
  action: z.string().max(100).catch("").default(""),
  subject: z.string().max(100).catch("").default(""),
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { page, ...filter } = auditQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const log = await readAuditLog(shopDatabase(context), filter, page);
  return {
    filter,
    ...log,
    entries: log.entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
  };
}

export default function AdminAuditPage({ loaderData }: Route.ComponentProps) {
  const { filter, entries, total, page, pageCount, actions } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">Audit log</h1>
        <ExportLink file="audit" filters={filter} />
      </div>
      <p className="mt-1 text-slate-600">Every change an admin made, newest first.</p>
      <Form method="get" role="search" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
        <Input
          label="Admin e-mail"
          name="admin"
          defaultValue={filter.admin}
          maxLength={ADMIN_SEARCH_MAX_LENGTH}
        />
        <Select label="Action" name="action" defaultValue={filter.action}>
          <option value="">Every action</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </Select>
        <Input label="Object id" name="subject" defaultValue={filter.subject} maxLength={100} />
        <Input label="From (UTC)" name="from" type="date" defaultValue={filter.from ?? ""} />
        <Input label="To (UTC)" name="to" type="date" defaultValue={filter.to ?? ""} />
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          <Link to="/admin/audit" className={buttonClass("ghost")}>
            Clear
          </Link>
        </div>
      </Form>
      <Card className="mt-6 p-0 sm:overflow-x-auto">
        <AuditTable entries={entries} />
      </Card>
      <ListPagination
        path="/admin/audit"
        noun="changes"
        page={page}
        pageCount={pageCount}
        total={total}
        filters={filter}
        q=""
      />
    </main>
  );
}
