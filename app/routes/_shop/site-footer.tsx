import { Link } from "react-router";
import type { PlatformLink } from "../../domain/catalog/platforms.ts";
import type { PaymentMethod } from "../../domain/payments/payment-methods.ts";
import { Logo } from "./logo.tsx";
import { footerGroups, footerServiceLinks } from "./nav-links.ts";
import { PaymentBadges } from "./payment-badges.tsx";

/** The storefront footer: link groups, support address, the payment methods really taken and copyright. */
export function SiteFooter({
  platforms,
  supportEmail,
  footerText,
  paymentMethods,
}: {
  /** The listed platforms, in their order: the Services group. */
  platforms: readonly PlatformLink[];
  supportEmail: string;
  footerText: string;
  /** The methods the configured payment provider takes (product rules 6.5); none shows no badge. */
  paymentMethods: readonly PaymentMethod[];
}) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 text-slate-600">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.4fr_3fr] lg:px-8">
        <div className="space-y-4">
          <Logo />
          <p className="max-w-sm text-sm leading-6">{footerText}</p>
          <p className="text-sm">
            Support:{" "}
            <a
              href={`mailto:${supportEmail}`}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {supportEmail}
            </a>
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {[{ title: "Services", links: footerServiceLinks(platforms) }, ...footerGroups].map((group) => (
            <nav key={group.title} aria-labelledby={`footer-${group.title.toLowerCase()}`}>
              <h2 id={`footer-${group.title.toLowerCase()}`} className="text-sm font-semibold text-slate-900">
                {group.title}
              </h2>
              <ul className="mt-4 space-y-3 text-sm">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="hover:text-slate-900 hover:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 sm:px-6 md:flex-row lg:px-8">
          <p className="text-sm">&copy; {new Date().getFullYear()} Boostly. All rights reserved.</p>
          <PaymentBadges methods={paymentMethods} />
        </div>
      </div>
    </footer>
  );
}
