import { useEffect, useRef } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { refusalMessage } from "../../lib/request-body.ts";

/** The 404 message (admin spec, 404) with a way home. */
export function NotFoundMessage() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6 sm:py-32" data-testid="not-found">
      <p className="text-6xl font-extrabold tracking-tight text-brand-600 sm:text-7xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        Oops! Page not found
      </h1>
      <p className="mt-4 text-lg text-slate-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Return to Home
        </Link>
        <Link
          to="/services/instagram"
          className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Browse Services
        </Link>
      </div>
    </main>
  );
}

/** A route's error boundary body inside the shop layout: 404 for unknown things, a friendly message otherwise. */
export function ShopRouteError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;
  const refused = refusalMessage(error);
  if (refused) return <RefusedRequest message={refused} />;
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <title>Something went wrong | Boostly</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Something went wrong</h1>
      <p className="mt-4 text-slate-600">We could not load this page. Please try again in a moment.</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Return to Home
      </Link>
    </main>
  );
}

/**
 * The sign-in and sign-up pages' error boundary body: a form the server refused as sent says why; anything else
 * says the form (`title`: "Sign-in is unavailable") cannot be used for the moment.
 */
export function AccountFormError({ error, title }: { error: unknown; title: string }) {
  const refused = refusalMessage(error);
  if (refused) return <RefusedRequest message={refused} />;
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-600">Something went wrong. Please try again in a moment.</p>
    </main>
  );
}

/** A request the server refused as sent (a form it could not accept): what was wrong, and a way back. */
export function RefusedRequest({ message, home = "/" }: { message: string; home?: string }) {
  // It replaces the page the form was on, often scrolled far down: bring the reason into view and announce it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: "center" });
    heading.current?.focus();
  }, []);
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6" data-testid="refused-request">
      <meta name="robots" content="noindex" />
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-extrabold tracking-tight text-slate-900">
        We could not accept this request
      </h1>
      <p className="mt-4 break-words text-slate-600" role="alert">
        {message}
      </p>
      <Link
        to={home}
        className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
      >
        {home === "/" ? "Return to Home" : "Back"}
      </Link>
    </main>
  );
}
