import { Form, Link } from "react-router";
import { useDisclosure } from "../../components/ui/use-disclosure.ts";
import { ChevronDownIcon, UserIcon } from "./icons.tsx";

/** The signed-in user's menu: Dashboard, My Orders (/orders), Mass Order, Affiliate (product rules 16.11), Profile and Sign Out (customer spec, header signed in). */
export function UserMenu({ email }: { email: string }) {
  const { open, toggle, buttonRef, panelRef } = useDisclosure<HTMLDivElement>();
  const itemClass =
    "block w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-50 hover:text-slate-900";
  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={toggle}
        data-testid="user-menu-button"
        className="flex max-w-[14rem] items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <UserIcon className="h-4 w-4 shrink-0 text-slate-500" />
        <span className="truncate">{email || "Account"}</span>
        <ChevronDownIcon className="h-4 w-4 shrink-0" />
      </button>
      <div
        ref={panelRef}
        id="user-menu"
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
      >
        <p className="truncate px-3 pb-2 pt-1 text-xs text-slate-500">Signed in as {email}</p>
        <ul className="border-t border-slate-100 pt-1">
          <li>
            <Link to="/dashboard" className={itemClass}>
              Dashboard
            </Link>
          </li>
          <li>
            <Link to="/orders" className={itemClass}>
              My Orders
            </Link>
          </li>
          <li>
            <Link to="/mass-order" className={itemClass}>
              Mass Order
            </Link>
          </li>
          <li>
            <Link to="/affiliate/dashboard" className={itemClass}>
              Affiliate
            </Link>
          </li>
          <li>
            <Link to="/profile" className={itemClass}>
              Profile
            </Link>
          </li>
          <li>
            <Form method="post" action="/logout">
              <button
                type="submit"
                data-testid="sign-out"
                className={`${itemClass} text-red-700 hover:text-red-800`}
              >
                Sign Out
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </div>
  );
}
