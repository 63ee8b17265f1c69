import type { RefObject } from "react";
import { Form, Link, NavLink } from "react-router";
import { useFocusTrap } from "../../components/ui/use-focus-trap.ts";
import type { PlatformLink } from "../../domain/catalog/platforms.ts";
import { formatCents } from "../../lib/format-money.ts";
import { useLiveBalance } from "../../lib/live/live-balance.tsx";
import { CloseIcon } from "./icons.tsx";
import { type HeaderUser, orderingLinks, servicesMenuLinks } from "./nav-links.ts";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-base ${isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-50"}`;

/**
 * The drawer itself, loaded only when a visitor opens the menu: its markup and code are not part of any page's
 * first load (the home page's JavaScript budget, docs/testing.md). Focus moves into it and stays there while open.
 */
export default function MobileDrawerPanel({
  user,
  platforms,
  panelRef,
  close,
}: {
  user: HeaderUser | null;
  platforms: readonly PlatformLink[];
  panelRef: RefObject<HTMLDivElement | null>;
  close: (returnFocus: boolean) => void;
}) {
  const balanceCents = useLiveBalance(user?.balanceCents ?? 0);
  useFocusTrap(true, panelRef);

  return (
    <div className="fixed inset-0 z-50">
      <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" />
      <div
        ref={panelRef}
        id="mobile-drawer"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="absolute inset-y-0 right-0 flex w-full max-w-xs flex-col overflow-y-auto bg-white shadow-2xl"
      >
        <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
          <span className="text-lg font-bold text-slate-900">Menu</span>
          <button
            type="button"
            aria-label="Close menu"
            onClick={() => close(true)}
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon />
          </button>
        </div>
        <nav
          aria-label="Mobile"
          className="flex-1 space-y-6 px-4 py-4"
          // Close as soon as a link is followed, not only when the new page has loaded.
          onClickCapture={(event) => {
            if ((event.target as HTMLElement).closest("a")) close(false);
          }}
        >
          {user ? (
            <Link
              to="/wallet"
              aria-label={`Wallet balance ${formatCents(balanceCents)}`}
              className="flex items-center justify-between rounded-xl bg-brand-50 px-4 py-3 font-semibold text-brand-800"
            >
              {/* The visible words start the accessible name (WCAG 2.5.3, label in name). */}
              <span>Wallet balance</span>
              <span data-testid="drawer-balance">{formatCents(balanceCents)}</span>
            </Link>
          ) : null}
          <section aria-labelledby="drawer-platforms">
            <h2
              id="drawer-platforms"
              className="px-3 text-xs font-semibold uppercase tracking-wider text-slate-500"
            >
              Services
            </h2>
            <ul className="mt-2">
              {servicesMenuLinks(platforms).map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={itemClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="drawer-ordering">
            <h2
              id="drawer-ordering"
              className="px-3 text-xs font-semibold uppercase tracking-wider text-slate-500"
            >
              Order
            </h2>
            <ul className="mt-2">
              {orderingLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={itemClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="drawer-account" className="border-t border-slate-100 pt-4">
            <h2
              id="drawer-account"
              className="px-3 text-xs font-semibold uppercase tracking-wider text-slate-500"
            >
              Account
            </h2>
            {user ? (
              <ul className="mt-2">
                <li>
                  <NavLink to="/dashboard" end className={itemClass}>
                    Dashboard
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/orders" className={itemClass}>
                    My Orders
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/affiliate/dashboard" className={itemClass}>
                    Affiliate
                  </NavLink>
                </li>
                {user.isAdmin ? (
                  <li>
                    <Link to="/admin" className={itemClass({ isActive: false })}>
                      Admin
                    </Link>
                  </li>
                ) : null}
                <li>
                  <Form method="post" action="/logout">
                    <button
                      type="submit"
                      className="block w-full rounded-lg px-3 py-2.5 text-left text-base text-red-700 hover:bg-red-50"
                    >
                      Sign Out
                    </button>
                  </Form>
                </li>
              </ul>
            ) : (
              <div className="mt-3 grid gap-2">
                <Link
                  to="/login"
                  className="rounded-lg border border-slate-300 px-4 py-2.5 text-center font-semibold text-slate-800 hover:bg-slate-50"
                >
                  Sign In
                </Link>
                <Link
                  to="/register"
                  className="rounded-lg bg-brand-600 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-700"
                >
                  Get Started
                </Link>
              </div>
            )}
          </section>
        </nav>
      </div>
    </div>
  );
}
