import { Link } from "react-router";
import { buttonClass } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { db } from "../db/client.server.ts";
import { listUsersForAdmin } from "../domain/admin/list-users.server.ts";
import { requireAdmin } from "../lib/session.server.ts";
import type { Route } from "./+types/admin.manual-order";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const preselected = new URL(request.url).searchParams.get("userId");
  const users = await listUsersForAdmin(db());
  return {
    preselected,
    users: users.map((user) => ({ id: user.id, email: user.email, balanceCents: user.balanceCents })),
  };
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Read-only for now: the order form and its charge arrive with the admin orders issue. */
export default function AdminManualOrderPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <title>Create Manual Order | Boostly Admin</title>
      <h1 className="text-3xl font-bold text-slate-900">Create Manual Order</h1>
      <p className="mt-2 text-slate-600">
        Placing orders on behalf of customers is not available yet. Customers and their balances:
      </p>
      <Card className="mt-6 p-0">
        {loaderData.users.length === 0 ? (
          <p className="p-6 text-slate-600">No users yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {loaderData.users.map((user) => (
              <li
                key={user.id}
                className={`flex items-center justify-between px-6 py-3 text-sm ${user.id === loaderData.preselected ? "bg-brand-50" : ""}`}
              >
                <Link to={`/admin/users/${user.id}`} className="text-brand-700 hover:underline">
                  {user.email}
                </Link>
                <span className="text-slate-700">{usd.format(user.balanceCents / 100)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Link to="/admin/orders" className={buttonClass("secondary", "mt-6")}>
        Cancel
      </Link>
    </main>
  );
}
