import { NavLink } from "react-router";
import { useDisclosure } from "../../components/ui/use-disclosure.ts";
import type { PlatformLink } from "../../domain/catalog/platforms.ts";
import { ChevronDownIcon } from "./icons.tsx";
import { servicesMenuLinks } from "./nav-links.ts";

/** The header's Services dropdown: every listed platform's service list. */
export function ServicesMenu({ platforms }: { platforms: readonly PlatformLink[] }) {
  const { open, toggle, buttonRef, panelRef } = useDisclosure<HTMLDivElement>();
  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls="services-menu"
        onClick={toggle}
        data-testid="services-menu-button"
        className="flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        Services
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        ref={panelRef}
        id="services-menu"
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
      >
        <ul aria-label="Services">
          {servicesMenuLinks(platforms).map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 text-sm ${isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-50 hover:text-slate-900"}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
