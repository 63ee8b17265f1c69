import { Link } from "react-router";
import { z } from "zod";
import { requireAdmin, requireStaff } from "../../domain/accounts/session.server.ts";
import { formRefusal } from "../../domain/admin-form.ts";
import { listEventsToReview } from "../../domain/payments/list-events-to-review.server.ts";
import { markReviewedForm } from "../../domain/payments/manual-deposit-forms.ts";
import { REVIEW_TEXT } from "../../domain/payments/manual-deposit-text.ts";
import { markEventReviewed } from "../../domain/payments/mark-event-reviewed.server.ts";
import { issuesByField } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";
import { ReviewList } from "./review-list.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Payments to Review | Admin",
    description: "Payment events the shop refused or could not follow on its own, for an admin to settle.",
    path: "/admin/payments/review",
    noindex: true,
    matches,
  });

const showQuery = z.enum(["open", "reviewed"]).catch("open");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, "users.view");
  const show = showQuery.parse(new URL(request.url).searchParams.get("show") ?? "open");
  const events = await listEventsToReview(shopDatabase(context), { reviewed: show === "reviewed" });
  return {
    show,
    events: events.map((event) => ({
      ...event,
      receivedAt: event.receivedAt.toISOString(),
      reviewedAt: event.reviewedAt?.toISOString() ?? null,
    })),
  };
}

/** "Mark reviewed" with a note (intent=mark-reviewed, product rules 16.28): once, audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = markReviewedForm.safeParse(await readForm(request, markReviewedForm));
  const answer = parsed.success
    ? await markEventReviewed(shopDatabase(context), {
        adminId: admin.id,
        eventId: parsed.data.eventId,
        note: parsed.data.note,
      })
    : formRefusal(REVIEW_TEXT.refusedTitle, issuesByField(parsed.error));
  return answer.ok ? { ok: true, notice: answer.notice } : refusalAnswer(answer).body;
}

export default function PaymentReviewPage({ loaderData }: Route.ComponentProps) {
  const { show, events } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Payments to Review</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Money a payment gateway reported that the shop did not credit or debit on its own: an amount or
        currency that differs from the deposit, another payment reference, a payment after the deposit closed,
        an unknown deposit or a refund. Settle each at the gateway or on the customer's page, then mark it
        reviewed.
      </p>
      <nav aria-label="Which events" className="mt-6 flex gap-2 text-sm">
        <FilterLink to="/admin/payments/review" current={show === "open"} label="To review" />
        <FilterLink
          to="/admin/payments/review?show=reviewed"
          current={show === "reviewed"}
          label="Reviewed"
        />
      </nav>
      <ReviewList events={events} reviewed={show === "reviewed"} />
    </main>
  );
}

function FilterLink({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`rounded-full border px-3 py-1 font-medium ${
        current ? "border-brand-600 bg-brand-50 text-brand-700" : "border-slate-300 bg-white text-slate-700"
      }`}
    >
      {label}
    </Link>
  );
}
