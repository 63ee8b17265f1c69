import { useRouteLoaderData } from "react-router";
import { can, type Permission, type StaffRole } from "../../domain/accounts/permissions.ts";

/**
 * Whether the signed-in staff member's role grants `permission`, as the admin layout read it: what a page asks
 * before it shows a control, so support never meets a button the server would refuse (product rules 15.38). The
 * server checks again on every request; this only spares the click.
 */
export function useStaffCan(permission: Permission): boolean {
  const layout = useRouteLoaderData("routes/admin/route") as { role?: StaffRole | null } | undefined;
  return can(layout?.role ?? null, permission);
}
