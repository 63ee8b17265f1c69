import { data } from "react-router";
import { z } from "zod";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { requireUser } from "../../domain/accounts/session.server.ts";
import { AFFILIATE_PAGE_TEXT, programmeTerms } from "../../domain/affiliates/affiliate-page-text.ts";
import { readAffiliateSummary } from "../../domain/affiliates/read-affiliate-summary.server.ts";
import { requestPayout } from "../../domain/affiliates/request-payout.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { readSettings } from "../../domain/settings/read-settings.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { env } from "../../lib/env.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";
import { AffiliateFigures } from "./affiliate-figures.tsx";
import { PayoutSection } from "./payout-section.tsx";
import { ReferralLink } from "./referral-link.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: AFFILIATE_PAGE_TEXT.title,
    description: "Your referral link, what it has earned and your payouts.",
    path: "/affiliate/dashboard",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = shopDatabase(context);
  const settings = await readSettings(db);
  const terms = programmeTerms(settings);
  // The figures are one read; if it fails the page still says what the programme is and that they are missing.
  try {
    const summary = await readAffiliateSummary(db, user.id);
    const link = new URL(summary.linkPath, env().appUrl).href;
    return {
      terms,
      link,
      minimumPayoutCents: settings.affiliateMinimumPayoutCents,
      summary: { loaded: true as const, ...summary },
    };
  } catch (error) {
    console.error("The affiliate page's figures could not be read", error);
    return {
      terms,
      link: null,
      minimumPayoutCents: settings.affiliateMinimumPayoutCents,
      summary: { loaded: false as const, error: "Please reload the page in a moment." },
    };
  }
}

const payoutForm = z.object({ intent: z.literal("request-payout") });

/** intent=request-payout asks for the whole balance (product rules 16.8); a refusal is said beside the button. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request, [payoutForm]);
  if (!payoutForm.safeParse(form).success)
    return data({ ok: false as const, message: AFFILIATE_PAGE_TEXT.unknownAction }, { status: 400 });
  const asked = await requestPayout(shopDatabase(context), user.id);
  if (!asked.ok) {
    const refused = refusalAnswer(asked);
    return data({ ok: false as const, message: refused.message }, refused.init);
  }
  return redirectWithToast("/affiliate/dashboard", {
    title: AFFILIATE_PAGE_TEXT.payoutRequested,
    description: AFFILIATE_PAGE_TEXT.payoutRequestedMessage(asked.amountCents),
  });
}

export default function AffiliateDashboardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, link, terms } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{AFFILIATE_PAGE_TEXT.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-600" data-testid="affiliate-terms">
        {terms}
      </p>
      {link ? <ReferralLink link={link} /> : null}
      <AffiliateFigures summary={summary} />
      <PayoutSection
        summary={summary}
        minimumPayoutCents={loaderData.minimumPayoutCents}
        refusal={actionData && !actionData.ok ? actionData.message : null}
      />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
