import { Link } from "react-router";
import { buttonClass } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { db } from "../db/client.server.ts";
import { readUserDetail } from "../domain/admin/read-user-detail.server.ts";
import { requireAdmin } from "../lib/session.server.ts";
import type { Route } from "./+types/admin.users.$userId";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const user = await readUserDetail(db(), params.userId);
  return { user: user ? { ...user, createdAt: user.createdAt.toISOString() } : null };
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export default function AdminUserPage({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  if (!user) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-16 text-center">
        <title>User not found | Boostly Admin</title>
        <h1 className="text-2xl font-bold text-slate-900">User not found</h1>
        <Link to="/admin" className={buttonClass("primary", "mt-6")}>
          Back to Admin
        </Link>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <title>{`${user.email} | Boostly Admin`}</title>
      <Link to="/admin" className={buttonClass("ghost", "-ml-4")}>
        ← Back to Admin
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">User Details</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Card>
          <h2 className="text-sm font-medium text-slate-600">Current Balance</h2>
          <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="user-balance">
            {usd.format(user.balanceCents / 100)}
          </p>
        </Card>
        <Card>
          <h2 className="mb-3 text-sm font-medium text-slate-600">Account Info</h2>
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-slate-500">User ID</dt>
              <dd className="font-mono text-xs text-slate-900">{user.id}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Email</dt>
              <dd className="text-slate-900" data-testid="user-email">
                {user.email}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Account Created</dt>
              <dd className="text-slate-900">{dateFormat.format(new Date(user.createdAt))}</dd>
            </div>
            <div>
              <dt className="text-slate-500">E-mail confirmed</dt>
              <dd className="text-slate-900">{user.emailVerified ? "Yes" : "No"}</dd>
            </div>
          </dl>
        </Card>
      </div>
      <Link to={`/admin/manual-order?userId=${user.id}`} className={buttonClass("secondary", "mt-6")}>
        Create Manual Order for this user
      </Link>
    </main>
  );
}
