import { Link } from "react-router";
import { Logo } from "./logo.tsx";
import { footerGroups } from "./nav-links.ts";

/** The storefront footer: link groups, support address, payment methods and copyright. */
export function SiteFooter({ supportEmail, footerText }: { supportEmail: string; footerText: string }) {
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
          {footerGroups.map((group) => (
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
          <div className="flex flex-col items-center gap-2 sm:flex-row sm:gap-4">
            <p className="flex items-center gap-1.5 text-sm">
              <svg
                viewBox="0 0 20 20"
                fill="currentColor"
                className="h-4 w-4 text-emerald-600"
                aria-hidden="true"
              >
                <path
                  fillRule="evenodd"
                  d="M10 1a4.5 4.5 0 00-4.5 4.5V9H5a2 2 0 00-2 2v6a2 2 0 002 2h10a2 2 0 002-2v-6a2 2 0 00-2-2h-.5V5.5A4.5 4.5 0 0010 1zm3 8V5.5a3 3 0 10-6 0V9h6z"
                  clipRule="evenodd"
                />
              </svg>
              Secure payments with SSL encryption
            </p>
            <img
              src="/payment-methods.svg"
              alt="Accepted payment methods: Visa, Mastercard, American Express, PayPal and crypto"
              width="292"
              height="32"
              className="h-8 w-auto"
              loading="lazy"
            />
          </div>
        </div>
      </div>
    </footer>
  );
}
