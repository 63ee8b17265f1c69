import { useEffect } from "react";
import { data, redirect } from "react-router";
import { z } from "zod";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { getCurrentUser } from "../../domain/accounts/session.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { claimFreeTrial } from "../../domain/trials/claim-free-trial.server.ts";
import { FREE_TRIAL_TEXT, FREE_TRIALS, findFreeTrial } from "../../domain/trials/free-trials.ts";
import { listFreeTrialClaims } from "../../domain/trials/list-free-trial-claims.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";
import { FreeTrialCard } from "./free-trial-card.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Free Trial",
    description: "Try Boostly for free: 10 free Instagram likes, 2 free comments or 5 free followers.",
    path: "/free-trial",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const claims = user ? await listFreeTrialClaims(shopDatabase(context), user.id) : [];
  return { signedIn: user !== null, claims };
}

const claimForm = z.object({
  trial: z.enum(["likes", "comments", "followers"]),
  targetLink: z.string().max(500).default(""),
});

/** Claims one free trial for the signed-in customer; visitors sign up first and come back here. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) throw redirect("/register?next=/free-trial");
  const parsed = claimForm.safeParse(await readForm(request, claimForm));
  if (!parsed.success)
    return data(
      { trial: null, notice: { title: FREE_TRIAL_TEXT.failedTitle, message: FREE_TRIAL_TEXT.unavailable } },
      { status: 400 },
    );
  const result = await claimFreeTrial(shopDatabase(context), { userId: user.id, ...parsed.data });
  // The trial form has always answered with the status of the refusal's kind: 409, 503, 422 (docs/decisions/017).
  if (!result.ok) {
    const answer = refusalAnswer(result, { status: "kind" });
    return data({ trial: parsed.data.trial, notice: answer.notice }, answer.init);
  }
  return redirectWithToast("/free-trial", {
    title: FREE_TRIAL_TEXT.claimedTitle,
    description: `${result.order.orderNumber}: your ${findFreeTrial(parsed.data.trial)?.title ?? "free trial"} are on their way.`,
  });
}

export default function FreeTrialPage({ loaderData, actionData }: Route.ComponentProps) {
  const toast = useToast();
  // A refusal of one trial is said on its card; only one about none of them (a form that did not parse) here.
  useEffect(() => {
    if (actionData?.notice && actionData.trial === null)
      toast({
        title: actionData.notice.title,
        description: actionData.notice.message,
        variant: "destructive",
      });
  }, [actionData, toast]);
  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Free Trial</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        See Boostly at work before you top up: pick a trial, tell us where to deliver it, and it is on its
        way. Each trial can be claimed once per account (again if it could not be delivered).
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {FREE_TRIALS.map((trial) => (
          <FreeTrialCard
            key={trial.trial}
            trial={trial}
            signedIn={loaderData.signedIn}
            claim={loaderData.claims.find((claim) => claim.trial === trial.trial)}
            error={actionData?.trial === trial.trial ? actionData.notice.message : null}
          />
        ))}
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
