import { Link, NavLink } from "react-router";
import type { PlatformLink } from "../../domain/catalog/platforms.ts";
import { formatCents } from "../../lib/format-money.ts";
import { useFollowingBalance, useLiveBalance } from "../../lib/live/live-balance.tsx";
import { WalletIcon } from "./icons.tsx";
import { Logo } from "./logo.tsx";
import { MobileDrawer } from "./mobile-drawer.tsx";
import { type HeaderUser, headerPlatformLinks, orderingLinks } from "./nav-links.ts";
import { ServicesMenu } from "./services-menu.tsx";
import { UserMenu } from "./user-menu.tsx";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

/** The storefront's one sticky header: logo, platform and ordering links, wallet and account actions. */
export function SiteHeader({
  user,
  platforms,
}: {
  user: HeaderUser | null;
  /** The listed platforms, in their order. */
  platforms: readonly PlatformLink[];
}) {
  const balanceCents = useLiveBalance(user?.balanceCents ?? 0);
  const following = useFollowingBalance();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white shadow-sm">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Logo />
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <>
              <Link
                to="/wallet"
                aria-label={`Wallet balance ${formatCents(balanceCents)}`}
                data-testid="header-balance"
                data-live={following ? "on" : "off"}
                className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
              >
                <WalletIcon className="h-4 w-4" />
                {formatCents(balanceCents)}
              </Link>
              <div className="hidden items-center gap-1 md:flex">
                <NavLink to="/dashboard" className={navLinkClass}>
                  Dashboard
                </NavLink>
                {user.isAdmin ? (
                  <Link to="/admin" className={navLinkClass({ isActive: false })}>
                    Admin
                  </Link>
                ) : null}
                <UserMenu email={user.email} />
              </div>
            </>
          ) : (
            <div className="flex items-center gap-2">
              <Link
                to="/login"
                className="hidden rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 sm:block"
              >
                Sign In
              </Link>
              <Link
                to="/register"
                className="whitespace-nowrap rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 sm:px-4"
              >
                Get Started
              </Link>
            </div>
          )}
          <MobileDrawer user={user} platforms={platforms} />
        </div>
      </div>
      <div className="hidden border-t border-slate-100 md:block">
        <nav
          aria-label="Main"
          className="mx-auto flex h-12 max-w-7xl items-center gap-1 px-4 sm:px-6 lg:px-8"
        >
          <ul className="hidden items-center gap-1 lg:flex">
            {headerPlatformLinks(platforms).map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ServicesMenu platforms={platforms} />
          <ul className="ml-auto flex items-center gap-1">
            {orderingLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
