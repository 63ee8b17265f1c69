import { Link } from "react-router";

const platforms = [
  { to: "/services/instagram", label: "Instagram" },
  { to: "/services/youtube", label: "YouTube" },
  { to: "/services/tiktok", label: "TikTok" },
  { to: "/services/spotify", label: "Spotify" },
];

/** Browse-by-platform buttons. */
export function BrowseByPlatform() {
  return (
    <section
      aria-labelledby="browse-title"
      className="mx-auto max-w-7xl px-4 pb-20 text-center sm:px-6 lg:px-8"
    >
      <h2 id="browse-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Browse by platform
      </h2>
      <ul className="mt-6 flex flex-wrap justify-center gap-3">
        {platforms.map((platform) => (
          <li key={platform.to}>
            <Link
              to={platform.to}
              className="inline-block rounded-full border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:border-brand-500 hover:text-brand-700"
            >
              {platform.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The closing call to action. */
export function ClosingCallToAction() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-pink-600 px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <h2 id="cta-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          Ready to grow your audience?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-white/90">
          Create your free account in seconds, top up your wallet and place your first order today.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/register"
            className="rounded-xl bg-white px-6 py-3.5 font-bold text-brand-700 shadow hover:bg-brand-50 focus-visible:outline-white"
          >
            Create Free Account
          </Link>
          <Link
            to="/services/instagram"
            className="rounded-xl px-6 py-3.5 font-semibold text-white ring-1 ring-white/60 hover:bg-white/10 focus-visible:outline-white"
          >
            Browse Services
          </Link>
        </div>
      </div>
    </section>
  );
}
