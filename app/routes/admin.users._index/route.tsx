import { ListPagination, SearchBox } from "../../components/admin/list-controls.tsx";
import { Card } from "../../components/ui/card.tsx";
import { readAdminUsersPage } from "../../domain/accounts/list-users-for-admin.server.ts";
import { requireAdmin } from "../../domain/accounts/session.server.ts";
import { readListQuery } from "../../domain/lists/read-list.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";
import { UsersTable } from "./users-table.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Users",
    description: "Every customer account, with balance and orders.",
    path: "/admin/users",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = readListQuery(request);
  const result = await readAdminUsersPage(shopDatabase(context), query);
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
        next={loaderData.next}
        previous={loaderData.previous}
        q={q}
      />
    </main>
  );
}
