import { Link } from "react-router";
import { AdminTable } from "../../components/admin/admin-table.tsx";
import { RowCheckbox } from "../../components/admin/bulk-bar.tsx";
import { formatDate } from "../../components/admin/format.ts";
import { useStaffCan } from "../../components/admin/use-staff-can.ts";
import { AddressText } from "../../components/ui/address-text.tsx";
import type { AdminUserRow } from "../../domain/accounts/list-users-for-admin.server.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";

/** An account as the page receives it (the date as ISO text). */
export type AdminUserView = Omit<AdminUserRow, "createdAt"> & { createdAt: string };

const HEADINGS = ["User", "Balance", "Orders", "Joined", "Actions"];
const td = "px-4 py-3";

/** The admin users table: one account a row, with links to its page and to a manual order for it. */
export function UsersTable({ users, selectForm }: { users: AdminUserView[]; selectForm?: string }) {
  const mayOrder = useStaffCan("orders.manage");
  return (
    <AdminTable
      headings={selectForm ? ["Select", ...HEADINGS] : HEADINGS}
      items={users}
      empty="No users found"
    >
      {(user) => (
        <tr key={user.id} data-testid="admin-user-row" className="align-top">
          {selectForm ? (
            <td className={td}>
              <RowCheckbox formId={selectForm} id={user.id} label={user.email} />
            </td>
          ) : null}
          <td className={td}>
            <div className="flex flex-wrap items-center gap-2">
              <AddressText text={user.email} className="font-medium text-slate-900" />
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
            {mayOrder ? (
              <Link
                to={`/admin/manual-order?userId=${user.id}`}
                className="text-brand-700 hover:underline"
                aria-label={`Create a manual order for ${user.email}`}
              >
                Manual Order
              </Link>
            ) : null}
          </td>
        </tr>
      )}
    </AdminTable>
  );
}
