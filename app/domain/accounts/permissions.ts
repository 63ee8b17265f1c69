/**
 * Staff roles and what each may do, in one declaration (product rules 15.1-15.3,
 * docs/decisions/050-staff-roles.md). A new role is one more entry of ROLE_PERMISSIONS; a new admin page is one
 * more entry of ADMIN_ROUTE_PERMISSIONS (the permission matrix test fails until it has one).
 */

export const PERMISSIONS = [
  /** The dashboard's figures, the CSV exports and the audit log: the shop's money and who did what. */
  "reports.view",
  /** Read orders, auto orders and the manual-work queue. */
  "orders.view",
  /** Change orders: statuses, overrides, refunds, resends, manual orders. */
  "orders.manage",
  /** Read customers and their pages. */
  "users.view",
  /** See the storefront as a customer sees it, read-only (product rules 15.31). */
  "users.view_as",
  /** Change customers: balances, suspensions, discounts, notes. */
  "users.manage",
  /** Read and answer tickets and contact messages. */
  "support.answer",
  /** Services, platforms, providers and their keys, prices. */
  "catalogue.manage",
  /** Blog, banner and the shop's settings. */
  "content.manage",
  /** Grant and revoke staff roles. */
  "staff.manage",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = ["owner", "admin", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const EVERYTHING_BUT_STAFF = PERMISSIONS.filter((permission) => permission !== "staff.manage");

/** What each role may do (product rules 15.2). */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: EVERYTHING_BUT_STAFF,
  support: ["orders.view", "users.view", "users.view_as", "support.answer"],
};

/** The names the admin shows for each role. */
export const ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner", admin: "Admin", support: "Support" };

/** Whether a role (null: a customer or a visitor) may do this. */
export function can(role: StaffRole | null, permission: Permission): boolean {
  return role !== null && ROLE_PERMISSIONS[role].includes(permission);
}

/** The roles `requireAdmin` lets through: everything but role management needs one of them. */
export function isAdminRole(role: StaffRole | null): boolean {
  return role === "owner" || role === "admin";
}

/**
 * What each admin route asks of its staff: `view` for its pages and data (GET), `act` for its actions (every other
 * method). The admin layout's guard looks the request up here; a path found nowhere asks for an owner or admin.
 */
export const ADMIN_ROUTE_PERMISSIONS: Record<string, { view: Permission; act: Permission }> = {
  "/admin": { view: "reports.view", act: "reports.view" },
  "/admin/export/:file": { view: "reports.view", act: "reports.view" },
  "/admin/audit": { view: "reports.view", act: "reports.view" },
  "/admin/tickets": { view: "support.answer", act: "support.answer" },
  "/admin/tickets/:ticketId": { view: "support.answer", act: "support.answer" },
  "/admin/messages": { view: "support.answer", act: "support.answer" },
  "/admin/orders": { view: "orders.view", act: "orders.manage" },
  "/admin/orders/:orderId": { view: "orders.view", act: "orders.manage" },
  "/admin/manual-work": { view: "orders.view", act: "orders.manage" },
  "/admin/auto-orders": { view: "orders.view", act: "orders.manage" },
  "/admin/manual-order": { view: "orders.manage", act: "orders.manage" },
  "/admin/users": { view: "users.view", act: "users.manage" },
  "/admin/users/:userId": { view: "users.view", act: "users.manage" },
  "/admin/affiliate-payouts": { view: "users.view", act: "users.manage" },
  "/admin/view-as": { view: "users.view_as", act: "users.view_as" },
  "/admin/services": { view: "catalogue.manage", act: "catalogue.manage" },
  "/admin/platforms": { view: "catalogue.manage", act: "catalogue.manage" },
  "/admin/providers": { view: "catalogue.manage", act: "catalogue.manage" },
  "/admin/providers/:providerId": { view: "catalogue.manage", act: "catalogue.manage" },
  "/admin/blog": { view: "content.manage", act: "content.manage" },
  "/admin/banner": { view: "content.manage", act: "content.manage" },
  "/admin/settings": { view: "content.manage", act: "content.manage" },
  "/admin/payments": { view: "content.manage", act: "content.manage" },
  "/admin/staff": { view: "staff.manage", act: "staff.manage" },
  // Customers' money: support may read what is waiting, only those who move balances decide (docs/decisions/059).
  "/admin/payments/review": { view: "users.view", act: "users.manage" },
  "/admin/payments/manual": { view: "users.view", act: "users.manage" },
};

function matches(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const have = path.split("/");
  return want.length === have.length && want.every((part, i) => part.startsWith(":") || part === have[i]);
}

/** The permission a request to this admin path asks for, or null when no route declares one. */
export function permissionForAdminPath(pathname: string, method: string): Permission | null {
  const path =
    pathname
      .replace(/\.data$/, "")
      .replace(/\/_index$/, "")
      .replace(/\/$/, "") || "/";
  const entry = Object.entries(ADMIN_ROUTE_PERMISSIONS).find(([pattern]) => matches(pattern, path));
  if (!entry) return null;
  return method === "GET" || method === "HEAD" ? entry[1].view : entry[1].act;
}

/** The first admin page a role may open: where /admin sends a role that may not read the dashboard. */
export function homeOf(role: StaffRole): string {
  const found = Object.entries(ADMIN_ROUTE_PERMISSIONS).find(
    ([pattern, { view }]) => !pattern.includes(":") && can(role, view),
  );
  return found?.[0] ?? "/admin-login";
}

/** Whether a role may open this admin page: what the admin menu shows (undeclared pages: owners and admins). */
export function mayOpen(role: StaffRole | null, path: string): boolean {
  const permission = permissionForAdminPath(path, "GET");
  return permission ? can(role, permission) : isAdminRole(role);
}
