import { Link } from "react-router";
import { formatCents, formatCount } from "../../lib/format-money.ts";
import { formatDate } from "./format.ts";

export type AdminUserView = {
  id: string;
  email: string;
  balanceCents: number;
  createdAt: string;
  isAdmin: boolean;
  orderCount: number;
};

const th = "px-4 py-3 text-left font-medium text-slate-600";
const td = "px-4 py-3";

/** The admin users table: one account a row, with links to its page and to a manual order for it. */
export function UsersTable({ users }: { users: AdminUserView[] }) {
  if (users.length === 0) return <p className="p-6 text-slate-600">No users found</p>;
  return (
    <table className="min-w-full divide-y divide-slate-200 text-sm">
      <thead className="bg-slate-50">
        <tr>
          {["User", "Balance", "Orders", "Joined", "Actions"].map((heading) => (
            <th key={heading} scope="col" className={th}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {users.map((user) => (
          <tr key={user.id} data-testid="admin-user-row" className="align-top">
            <td className={td}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="break-all font-medium text-slate-900">{user.email}</span>
                {user.isAdmin ? (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                    Admin
                  </span>
                ) : null}
              </div>
              <div className="font-mono text-xs text-slate-500">{user.id}</div>
            </td>
            <td className={td}>{formatCents(user.balanceCents)}</td>
            <td className={td}>{formatCount(user.orderCount)}</td>
            <td className={td}>{formatDate(user.createdAt)}</td>
            <td className={`${td} space-x-3 whitespace-nowrap`}>
              <Link
                to={`/admin/users/${user.id}`}
                className="text-brand-700 hover:underline"
                aria-label={`View details of ${user.email}`}
              >
                View Details
              </Link>
              <Link
                to={`/admin/manual-order?userId=${user.id}`}
                className="text-brand-700 hover:underline"
                aria-label={`Create a manual order for ${user.email}`}
              >
                Manual Order
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
