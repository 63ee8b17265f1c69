import type { ReactNode } from "react";
import type { Permission } from "../../domain/accounts/permissions.ts";
import { useStaffCan } from "./use-staff-can.ts";

/** Controls shown only to staff whose role grants `permission` (product rules 15.38); the server checks again. */
export function StaffOnly({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useStaffCan(permission) ? children : null;
}
