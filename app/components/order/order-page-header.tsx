import { useNavigate } from "react-router";
import { goQuietly } from "../../lib/quiet-navigation.ts";
import { buttonClass } from "../ui/button.tsx";

/** The order page's Back button (history back, else `fallback`) and heading. */
export function OrderPageHeader({
  title = "Complete Your Order",
  subtitle,
  fallback,
}: {
  title?: string;
  subtitle?: string;
  fallback: string;
}) {
  const navigate = useNavigate();
  function goBack() {
    // React Router numbers its history entries: idx 0 means this page was opened directly.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) goQuietly(navigate(-1));
    else goQuietly(navigate(fallback));
  }
  return (
    <header className="mb-6">
      <button type="button" onClick={goBack} className={buttonClass("ghost", "-ml-4")}>
        <span aria-hidden="true">←</span> Back
      </button>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
    </header>
  );
}

/**
 * Place Order, disabled while the form cannot be sent (a required field empty, a count that is not valid) or is
 * being sent.
 */
export function PlaceOrderButton({ disabled, busy }: { disabled: boolean; busy: boolean }) {
  return (
    <button type="submit" disabled={disabled || busy} className={buttonClass("primary", "w-full")}>
      {busy ? "Placing order..." : "Place Order"}
    </button>
  );
}
