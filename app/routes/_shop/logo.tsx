import { Link } from "react-router";

/** The Boostly word mark, linking home. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <Link
      to="/"
      className={`flex shrink-0 items-center gap-2 rounded-lg ${className}`}
      aria-label="Boostly home"
    >
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <defs>
          <linearGradient id="boostly-logo" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#db2777" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#boostly-logo)" />
        <path
          d="M9 20l5-5 4 4 6-7"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path
          d="M19 12h5v5"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-xl font-extrabold tracking-tight text-slate-900">Boostly</span>
    </Link>
  );
}
