import { type KeyboardEvent, type ReactNode, useRef } from "react";

export const DASHBOARD_TABS = [
  { id: "orders", label: "Order History" },
  { id: "transactions", label: "Transactions" },
  { id: "auto-orders", label: "Auto Orders" },
  { id: "support", label: "Support" },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]["id"];

/** The tab named by ?tab=, or the first one. */
export function readTab(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((tab) => tab.id === value)?.id ?? "orders";
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs and select them;
 * only the selected tab is in the Tab order. Every panel stays rendered (hidden), so forms keep their input.
 */
export function DashboardTabs({
  active,
  onSelect,
  panels,
}: {
  active: DashboardTab;
  onSelect: (tab: DashboardTab) => void;
  panels: Record<DashboardTab, ReactNode>;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = DASHBOARD_TABS.findIndex((tab) => tab.id === active);
    const last = DASHBOARD_TABS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? current === last
          ? 0
          : current + 1
        : event.key === "ArrowLeft"
          ? current === 0
            ? last
            : current - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = DASHBOARD_TABS[next];
    if (!tab) return;
    onSelect(tab.id);
    buttons.current[next]?.focus();
  }

  return (
    <div className="mt-8">
      <div
        role="tablist"
        aria-label="Your account"
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 border-b border-slate-200"
      >
        {DASHBOARD_TABS.map((tab, index) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`-mb-px rounded-t-lg border-b-2 px-4 py-2.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-brand-600 ${
                selected
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {DASHBOARD_TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={tab.id !== active}
          className="pt-6"
        >
          {panels[tab.id]}
        </div>
      ))}
    </div>
  );
}
