import { Form, isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import { RefusedRequest } from "../../components/layout/page-error.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { mayOpen } from "../../domain/accounts/permissions.ts";
import { requireStaffForAdminPath } from "../../domain/accounts/session.server.ts";
import { refusalMessage } from "../../lib/request-body.ts";
import type { Route } from "./+types/route";
import { AdminDrawer, type AdminNavLink, AdminWideNav } from "./admin-nav.tsx";

/**
 * The admin guard: runs on the server before every loader and action of every /admin route (this layout's
 * children included, so a new admin page is covered without doing anything: it asks for an owner or admin until
 * it declares a permission in app/domain/accounts/permissions.ts). Pages send non-staff to /admin-login; actions
 * and other methods answer 403 before any admin code runs (product rules 15.3).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    await requireStaffForAdminPath(request);
    return next();
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaffForAdminPath(request);
  return { email: staff.email, role: staff.staffRole };
}

/** The admin menu, in the header from 1024 px and in the drawer below it (admin-nav.tsx). */
const NAV: readonly AdminNavLink[] = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/orders", label: "Orders", end: false },
  { to: "/admin/manual-work", label: "Manual Work", end: false },
  { to: "/admin/auto-orders", label: "Auto Orders", end: false },
  { to: "/admin/users", label: "Users", end: false },
  { to: "/admin/payments/manual", label: "Manual Deposits", end: false },
  { to: "/admin/payments/review", label: "Payments to Review", end: false },
  { to: "/admin/affiliate-payouts", label: "Payouts", end: false },
  { to: "/admin/services", label: "Services", end: false },
  { to: "/admin/platforms", label: "Platforms", end: false },
  { to: "/admin/tickets", label: "Tickets", end: false },
  { to: "/admin/blog", label: "Blog", end: false },
  { to: "/admin/banner", label: "Banner", end: false },
  { to: "/admin/settings", label: "Settings", end: false },
  { to: "/admin/payments", label: "Payments", end: false },
  { to: "/admin/providers", label: "Providers", end: false },
  { to: "/admin/manual-order", label: "Manual Order", end: false },
  { to: "/admin/messages", label: "Messages", end: false },
  { to: "/admin/audit", label: "Audit", end: false },
  { to: "/admin/staff", label: "Staff", end: false },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // The menu shows only the pages the staff member's role opens (product rules 15.3).
  const links = NAV.filter((item) => mayOpen(loaderData.role, item.to));
  return (
    <div className="min-h-screen bg-slate-50">
      <meta name="robots" content="noindex, nofollow" />
      <header className="border-b border-slate-200 bg-white">
        {/* The brand and the account on one line; from 1024 px the menu has a line of its own below them. */}
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
          <Link to="/admin" className="shrink-0 text-lg font-bold text-brand-700">
            Boostly Admin
          </Link>
          <div className="hidden min-w-0 items-center gap-3 lg:flex">
            <span
              className="truncate text-sm text-slate-600"
              data-testid="admin-email"
              title={loaderData.email}
            >
              {loaderData.email}
            </span>
            <Form method="post" action="/logout">
              <input type="hidden" name="redirectTo" value="/admin-login" />
              <Button type="submit" variant="secondary">
                Logout
              </Button>
            </Form>
          </div>
          <AdminDrawer links={links} email={loaderData.email} />
        </div>
        <div className="mx-auto hidden max-w-7xl px-4 pb-2 lg:block">
          <AdminWideNav links={links} />
        </div>
      </header>
      <Outlet />
    </div>
  );
}

/** The guard's reason: a customer is no admin, a staff member's role does not allow it (product rules 15.3). */
function refusalOf(error: unknown): string {
  const said = isRouteErrorResponse(error) ? (error.data as { error?: unknown } | null)?.error : undefined;
  return typeof said === "string" ? said : "You don't have admin privileges";
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const refused = refusalMessage(error);
  if (refused && status !== 403) return <RefusedRequest message={refused} home="/admin" />;
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <meta name="robots" content="noindex, nofollow" />
      <title>Admin | Boostly</title>
      <h1 className="text-2xl font-bold">{status === 403 ? "Access Denied" : "Something went wrong"}</h1>
      <p className="mt-2 text-slate-600">
        {status === 403 ? refusalOf(error) : "This admin page could not be loaded. Please try again."}
      </p>
      <Link to="/admin" className={buttonClass("primary", "mt-6")}>
        Back to Admin
      </Link>
    </main>
  );
}
