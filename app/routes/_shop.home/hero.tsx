import { Link } from "react-router";
import { PROMISE_TEXT, PROMISES } from "../../domain/content/shop-promises.ts";

const trustPoints = [
  "No password needed",
  `Delivery starts ${PROMISES.deliveryStart}`,
  PROMISE_TEXT.termsPerService,
  "24/7 support",
];

/**
 * The home page hero: the admin-editable title and subtitle with the two main calls to action, and the customer
 * count when the shop has one worth showing (product rules 7.10).
 */
export function Hero({
  title,
  subtitle,
  customers,
}: {
  title: string;
  subtitle: string;
  customers: string | null;
}) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-800 via-brand-600 to-pink-600 text-white">
      <div
        className="pointer-events-none absolute -right-24 -top-24 h-96 w-96 rounded-full bg-white/10 blur-3xl"
        aria-hidden="true"
      />
      <div
        className="pointer-events-none absolute -bottom-32 -left-16 h-96 w-96 rounded-full bg-pink-400/20 blur-3xl"
        aria-hidden="true"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:px-8">
        <div>
          {customers ? (
            <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium ring-1 ring-white/25">
              <span className="h-2 w-2 rounded-full bg-emerald-300" aria-hidden="true" />
              Trusted by {customers} customers
            </p>
          ) : null}
          <h1 className="mt-6 text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl lg:text-6xl">
            {title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-white/90">{subtitle}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link
              to="/register"
              className="rounded-xl bg-white px-6 py-3.5 text-center text-base font-bold text-brand-700 shadow-lg hover:bg-brand-50 focus-visible:outline-white"
            >
              Start Growing Now
            </Link>
            <Link
              to="/how-it-works"
              className="rounded-xl px-6 py-3.5 text-center text-base font-semibold text-white ring-1 ring-white/60 hover:bg-white/10 focus-visible:outline-white"
            >
              See How It Works
            </Link>
          </div>
        </div>
        <div className="hidden lg:block" aria-hidden="true">
          <div className="rotate-2 rounded-3xl bg-white p-6 text-slate-900 shadow-2xl">
            <div className="flex items-center gap-3">
              <div className="h-12 w-12 rounded-full bg-gradient-to-br from-amber-400 via-pink-500 to-brand-600" />
              <div>
                <p className="font-bold">@yourbrand</p>
                <p className="text-sm text-slate-500">Growing every day</p>
              </div>
            </div>
            <div className="mt-6 grid grid-cols-3 gap-3 text-center">
              {[
                ["12.4k", "Followers"],
                ["+38%", "Reach"],
                ["1.2k", "Likes/post"],
              ].map(([value, label]) => (
                <div key={label} className="rounded-2xl bg-slate-50 p-3">
                  <p className="text-xl font-extrabold text-brand-700">{value}</p>
                  <p className="text-xs text-slate-500">{label}</p>
                </div>
              ))}
            </div>
            <div className="mt-6 flex h-24 items-end gap-2">
              {[30, 42, 38, 55, 61, 72, 88].map((height) => (
                <div
                  key={height}
                  className="flex-1 rounded-t-lg bg-gradient-to-t from-brand-600 to-pink-500"
                  style={{ height: `${height}%` }}
                />
              ))}
            </div>
          </div>
        </div>
      </div>
      <div className="relative border-t border-white/15 bg-black/10">
        <ul
          aria-label="Why customers trust us"
          className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-3 px-4 py-5 text-sm font-medium sm:px-6 md:grid-cols-4 lg:px-8"
        >
          {trustPoints.map((point) => (
            <li key={point} className="flex items-center gap-2">
              <svg
                viewBox="0 0 20 20"
                fill="currentColor"
                className="h-5 w-5 shrink-0 text-emerald-300"
                aria-hidden="true"
              >
                <path
                  fillRule="evenodd"
                  d="M16.7 5.3a1 1 0 010 1.4l-8 8a1 1 0 01-1.4 0l-4-4a1 1 0 011.4-1.4L8 12.58l7.3-7.3a1 1 0 011.4 0z"
                  clipRule="evenodd"
                />
              </svg>
              {point}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
