import { useEffect, useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { confirmEmail } from "../../domain/accounts/confirm-email.server.ts";
import { ACCOUNT_TEXT } from "../../domain/accounts/messages.ts";
import { getCurrentUser, safeNextPath } from "../../domain/accounts/session.server.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import type { Route } from "./+types/route";

const REDIRECT_AFTER_MS = 2_000;

type ConfirmState = { status: "success"; redirectTo: string } | { status: "error"; title: string };

/**
 * The link acts once (it confirms the address): answered from the address asked, never kept nor rendered twice
 * (docs/decisions/035).
 */
export const handle: PageHandle = { pageQuery: "any" };

/** Confirms the address on the server (the link's token), then the page tells the result. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const type = url.searchParams.get("type");
  if (!token || !type || token.length > 2000) {
    return data<ConfirmState>({ status: "error", title: ACCOUNT_TEXT.invalidConfirmationLink });
  }
  const result = await confirmEmail(request, token);
  if (!result.ok) return data<ConfirmState>({ status: "error", title: result.message });
  const signedIn = result.signedIn || (await getCurrentUser(request)) !== null;
  const next = url.searchParams.get("next");
  const redirectTo = signedIn
    ? safeNextPath(next)
    : `/login${next ? `?next=${encodeURIComponent(safeNextPath(next))}` : ""}`;
  return data<ConfirmState>({ status: "success", redirectTo }, { headers: result.cookies });
}

export default function ConfirmEmailPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (loaderData.status !== "success") return;
    const timer = window.setTimeout(
      () => navigate(loaderData.redirectTo, { replace: true }),
      REDIRECT_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [loaderData, navigate]);

  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-16">
      <title>Confirm your e-mail | Boostly</title>
      <meta name="robots" content="noindex" />
      <Card className="text-center">
        {loaderData.status === "success" ? (
          <>
            <div
              aria-hidden="true"
              className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-100 text-2xl text-green-700"
            >
              ✓
            </div>
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Email confirmed!</h1>
            <p className="mt-2 text-slate-600">
              Your e-mail address is confirmed and your account is active.
            </p>
            <p className="mt-4 flex items-center justify-center gap-2 text-sm text-slate-500">
              {hydrated ? <Spinner label="Redirecting" className="h-4 w-4" /> : null}
              Redirecting you in a moment...
            </p>
            <Link to={loaderData.redirectTo} replace className={buttonClass("primary", "mt-6")}>
              Continue
            </Link>
          </>
        ) : (
          <>
            <div
              aria-hidden="true"
              className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-100 text-2xl text-red-700"
            >
              !
            </div>
            <h1 className="mt-4 text-2xl font-bold text-slate-900">{loaderData.title}</h1>
            <p className="mt-2 text-slate-600">{ACCOUNT_TEXT.linkExpired}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/login" className={buttonClass("primary")}>
                Go to Login
              </Link>
              <Link to="/register" className={buttonClass("secondary")}>
                Create New Account
              </Link>
            </div>
          </>
        )}
      </Card>
    </main>
  );
}
