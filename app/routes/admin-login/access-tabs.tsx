import { type KeyboardEvent, useRef } from "react";

export type AccessTab = "sign-in" | "create-admin";

const TABS: { id: AccessTab; label: string }[] = [
  { id: "sign-in", label: "Sign In" },
  { id: "create-admin", label: "Create Admin" },
];

/**
 * The page's two tabs, keyboard-usable as a WAI-ARIA tab list: arrows move between them (wrapping), Home and End
 * jump to the first and last, and only the selected tab is in the Tab order. Panels use `panel-<id>`/`tab-<id>`.
 */
export function AccessTabs({ tab, onSelect }: { tab: AccessTab; onSelect: (tab: AccessTab) => void }) {
  const tabRefs = useRef<Record<AccessTab, HTMLButtonElement | null>>({
    "sign-in": null,
    "create-admin": null,
  });

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((item) => item.id === tab);
    let nextIndex = index;
    if (event.key === "ArrowRight") nextIndex = (index + 1) % TABS.length;
    else if (event.key === "ArrowLeft") nextIndex = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === "Home") nextIndex = 0;
    else if (event.key === "End") nextIndex = TABS.length - 1;
    else return;
    event.preventDefault();
    const next = TABS[nextIndex];
    if (!next) return;
    onSelect(next.id);
    tabRefs.current[next.id]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label="Admin access"
      className="mt-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
    >
      {TABS.map((item) => (
        <button
          key={item.id}
          ref={(element) => {
            tabRefs.current[item.id] = element;
          }}
          type="button"
          role="tab"
          id={`tab-${item.id}`}
          aria-selected={tab === item.id}
          aria-controls={`panel-${item.id}`}
          tabIndex={tab === item.id ? 0 : -1}
          onClick={() => onSelect(item.id)}
          onKeyDown={onTabKey}
          className={`rounded-md px-3 py-2 text-sm font-medium ${tab === item.id ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
