import { useRef, useState } from "react";
import { Link } from "react-router";
import { formatCents, formatCount } from "../../lib/format-money.ts";
import { SectionHeading } from "./section-heading.tsx";

export type HomePackage = {
  key: string;
  name: string;
  amount: number;
  priceCents: number;
  popular: boolean;
  href: string;
};

type Tab = { id: "followers" | "likes"; label: string; unit: string; packages: HomePackage[] };

/** Popular packages in keyboard-usable tabs (WAI-ARIA tabs pattern: arrows, Home and End move between tabs). */
export function PackageTabs({ followers, likes }: { followers: HomePackage[]; likes: HomePackage[] }) {
  const tabs: Tab[] = [
    { id: "followers", label: "Followers", unit: "Instagram Followers", packages: followers },
    { id: "likes", label: "Likes", unit: "Real Instagram Likes", packages: likes },
  ];
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: React.KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + tabs.length) % tabs.length;
    setSelected(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <section aria-labelledby="packages-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading
        id="packages-title"
        eyebrow="Packages"
        title="Popular packages"
        lead="Ready-made bundles for the results customers ask for most."
      />
      <div
        role="tablist"
        aria-label="Package type"
        className="mx-auto mt-10 flex w-fit rounded-xl bg-slate-100 p-1"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={selected === index}
            aria-controls={`panel-${tab.id}`}
            tabIndex={selected === index ? 0 : -1}
            onClick={() => setSelected(index)}
            className={`rounded-lg px-6 py-2.5 text-sm font-semibold transition ${
              selected === index ? "bg-white text-brand-700 shadow" : "text-slate-600 hover:text-slate-900"
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={selected !== index}
          className="mt-10 rounded-2xl"
        >
          {tab.packages.length === 0 ? (
            <p className="text-center text-slate-600">These packages are not available right now.</p>
          ) : (
            <ul className="grid gap-6 md:grid-cols-3">
              {tab.packages.map((pkg) => (
                <li
                  key={pkg.key}
                  data-testid={`package-${tab.id}-${pkg.key}`}
                  className={`relative flex flex-col rounded-2xl bg-white p-8 text-center shadow-sm ${
                    pkg.popular
                      ? "ring-2 ring-brand-600 md:-translate-y-2 md:shadow-xl"
                      : "ring-1 ring-slate-200"
                  }`}
                >
                  {pkg.popular ? (
                    <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold text-white">
                      Most Popular
                    </span>
                  ) : null}
                  <h3 className="text-sm font-bold tracking-widest text-slate-500">{pkg.name}</h3>
                  <p className="mt-4 text-4xl font-extrabold text-slate-900">{formatCount(pkg.amount)}</p>
                  <p className="text-sm text-slate-600">{tab.unit}</p>
                  <p className="mt-6 text-3xl font-bold text-brand-700">{formatCents(pkg.priceCents)}</p>
                  <Link
                    to={pkg.href}
                    // The name starts with the visible text (WCAG 2.5.3, label in name), then says which package it buys.
                    aria-label={`Buy Now: ${pkg.name}, ${formatCount(pkg.amount)} ${tab.unit} for ${formatCents(pkg.priceCents)}`}
                    className={`mt-8 rounded-lg px-4 py-3 text-sm font-semibold ${
                      pkg.popular
                        ? "bg-brand-600 text-white hover:bg-brand-700"
                        : "bg-slate-900 text-white hover:bg-slate-800"
                    }`}
                  >
                    Buy Now
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      <div className="mt-10 text-center">
        <Link to="/services/instagram" className="font-semibold text-brand-700 hover:underline">
          View All Services →
        </Link>
      </div>
    </section>
  );
}
