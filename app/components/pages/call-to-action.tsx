import { Link } from "react-router";

type Action = { to: string; label: string };

/** The closing call to action of a public page: a primary and an optional secondary link. */
export function CallToAction({
  id = "cta-title",
  title,
  text,
  primary,
  secondary,
}: {
  id?: string;
  title: string;
  text: string;
  primary: Action;
  secondary?: Action;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-pink-600 px-6 py-12 text-center text-white shadow-xl sm:px-12"
    >
      <h2 id={id} className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        {title}
      </h2>
      <p className="mx-auto mt-4 max-w-xl text-lg text-white/90">{text}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link
          to={primary.to}
          className="rounded-xl bg-white px-6 py-3.5 font-bold text-brand-700 shadow hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {primary.label}
        </Link>
        {secondary ? (
          <Link
            to={secondary.to}
            className="rounded-xl px-6 py-3.5 font-semibold text-white ring-1 ring-white/60 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {secondary.label}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
