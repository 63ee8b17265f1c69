import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "../../components/ui/button.tsx";

export type NewsletterResult = { ok: true; message: string } | { ok: false; error: string };

/** The blog's newsletter sign-up: an e-mail field and Subscribe; the answer is announced politely. */
export function NewsletterBox({ fallback }: { fallback?: NewsletterResult | null }) {
  const fetcher = useFetcher<NewsletterResult>();
  const result = fetcher.data ?? fallback ?? null;
  const busy = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  return (
    <section
      aria-labelledby="newsletter-heading"
      className="rounded-2xl bg-gradient-to-br from-brand-700 via-brand-600 to-pink-600 p-6 text-white shadow-sm sm:p-10"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="newsletter-heading" className="text-2xl font-bold tracking-tight">
          Get growth tips in your inbox
        </h2>
        <p className="mt-2 text-brand-50">
          New strategies for Instagram, TikTok, YouTube and Spotify, about twice a month. Unsubscribe any
          time.
        </p>
        <fetcher.Form
          ref={form}
          method="post"
          action="/blog?index"
          className="mt-6 flex flex-col gap-3 sm:flex-row"
        >
          <input type="hidden" name="intent" value="subscribe" />
          <label htmlFor="newsletter-email" className="sr-only">
            Email address
          </label>
          <input
            id="newsletter-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            placeholder="you@example.com"
            aria-describedby="newsletter-status"
            aria-invalid={result && !result.ok ? true : undefined}
            className="min-w-0 flex-1 rounded-lg border border-white/40 bg-white px-4 py-3 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-2 focus:outline-white"
          />
          <Button
            type="submit"
            variant="secondary"
            disabled={busy}
            className="border-white bg-white px-6 py-3 text-brand-700 hover:bg-brand-50"
          >
            {busy ? "Subscribing..." : "Subscribe"}
          </Button>
        </fetcher.Form>
        <p
          id="newsletter-status"
          role="status"
          aria-live="polite"
          className="mt-3 min-h-6 text-sm font-medium"
        >
          {result ? (result.ok ? result.message : result.error) : ""}
        </p>
      </div>
    </section>
  );
}
