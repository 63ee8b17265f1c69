import { Form, NavLink } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { useDisclosure } from "../../components/ui/use-disclosure.ts";
import { useFocusTrap } from "../../components/ui/use-focus-trap.ts";

/** One link of the admin menu; the layout decides which the signed-in staff member sees. */
export type AdminNavLink = { to: string; label: string; end: boolean };

const wideClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100"}`;
const drawerClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-base ${isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-50"}`;

/** The admin menu from 1024 px: every link in the header (NavLink marks the current page with aria-current). */
export function AdminWideNav({ links }: { links: readonly AdminNavLink[] }) {
  return (
    <nav aria-label="Admin" className="hidden lg:block">
      <ul className="flex flex-wrap gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className={wideClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The admin menu below 1024 px (product rules 12.10): a Menu button in the compact header opens the same links in
 * a drawer, a modal dialog that keeps focus inside it; Escape, the close button or a followed link closes it, and
 * focus goes back to the Menu button.
 */
export function AdminDrawer({ links, email }: { links: readonly AdminNavLink[]; email: string }) {
  const { open, toggle, close, buttonRef, panelRef } = useDisclosure<HTMLDivElement>();
  useFocusTrap(open, panelRef);
  return (
    <div className="lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls="admin-drawer"
        onClick={toggle}
        data-testid="admin-menu-button"
        className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
      >
        Menu
      </button>
      <div hidden={!open} className="fixed inset-0 z-50">
        <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" />
        <div
          ref={panelRef}
          id="admin-drawer"
          role="dialog"
          aria-modal="true"
          aria-labelledby="admin-drawer-title"
          className="absolute inset-y-0 right-0 flex w-full max-w-xs flex-col overflow-y-auto bg-white shadow-2xl"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <h2 id="admin-drawer-title" className="text-lg font-bold text-slate-900">
              Admin menu
            </h2>
            <button
              type="button"
              onClick={() => close(true)}
              className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            >
              Close menu
            </button>
          </div>
          <nav
            aria-label="Admin"
            className="flex-1 px-4 py-4"
            // Close as soon as a link is followed, not only when the new page has loaded.
            onClickCapture={(event) => {
              if ((event.target as HTMLElement).closest("a")) close(false);
            }}
          >
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className={drawerClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="space-y-3 border-t border-slate-100 px-4 py-4">
            <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{email}</p>
            <Form method="post" action="/logout">
              <input type="hidden" name="redirectTo" value="/admin-login" />
              <Button type="submit" variant="secondary">
                Logout
              </Button>
            </Form>
          </div>
        </div>
      </div>
    </div>
  );
}
