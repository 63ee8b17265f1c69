import { z } from "zod";
import { ListPagination, SearchBox } from "../components/admin/list-controls.tsx";
import { UsersTable } from "../components/admin/users-table.tsx";
import { Card } from "../components/ui/card.tsx";
import { db } from "../db/client.server.ts";
import { readAdminUsersPage } from "../domain/admin/list-users.server.ts";
import { pageMeta } from "../lib/seo.ts";
import { requireAdmin } from "../lib/session.server.ts";
import type { Route } from "./+types/admin.users._index";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Users",
    description: "Every customer account, with balance and orders.",
    path: "/admin/users",
    noindex: true,
    matches,
  });

const listQuery = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = listQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await readAdminUsersPage(db(), query);
  return {
    ...result,
    q: query.q ?? "",
    users: result.users.map((user) => ({ ...user, createdAt: user.createdAt.toISOString() })),
  };
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { q } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">Users</h1>
        <SearchBox q={q} label="Search users by e-mail" placeholder="E-mail" />
      </div>
      <Card className="mt-6 overflow-x-auto p-0">
        <UsersTable users={loaderData.users} />
      </Card>
      <ListPagination
        path="/admin/users"
        noun="users"
        page={loaderData.page}
        pageCount={loaderData.pageCount}
        total={loaderData.total}
        q={q}
      />
    </main>
  );
}
