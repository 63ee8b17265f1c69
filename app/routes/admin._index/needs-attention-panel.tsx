import { Form, Link, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { ALERT_TEXT } from "../../domain/alerts/kinds.ts";
import type { OpenAlert } from "../../domain/alerts/list-open-alerts.server.ts";

const raisedAt = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/**
 * The operator's open alerts, newest first (product rules 14.27): each with its page to act on and a Dismiss that
 * takes it off the panel (audited); an empty state when nothing needs attention.
 */
export function NeedsAttentionPanel({ alerts, total }: { alerts: OpenAlert[]; total: number }) {
  const navigation = useNavigation();
  const dismissing = navigation.state === "submitting" ? navigation.formData?.get("alertId") : null;
  return (
    <section
      aria-labelledby="needs-attention-heading"
      data-testid="needs-attention"
      className={`mt-6 rounded-xl border p-4 ${total > 0 ? "border-rose-300 bg-rose-50" : "border-slate-200 bg-white"}`}
    >
      <h2 id="needs-attention-heading" className="font-semibold text-slate-900">
        {ALERT_TEXT.panelTitle}: <span data-testid="needs-attention-count">{total}</span>
      </h2>
      {alerts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{ALERT_TEXT.empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-rose-200">
          {alerts.map((alert) => (
            <li
              key={alert.id}
              data-testid="alert"
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0">
                <Link
                  to={alert.link}
                  className="font-medium break-words text-rose-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {alert.title}
                </Link>
                {alert.details ? (
                  <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
                    {alert.details}
                  </p>
                ) : null}
                <p className="mt-1 text-xs text-slate-500">
                  <time dateTime={alert.raisedAt}>{raisedAt.format(new Date(alert.raisedAt))} UTC</time>
                </p>
              </div>
              <Form method="post" className="shrink-0">
                <input type="hidden" name="intent" value="dismiss-alert" />
                <input type="hidden" name="alertId" value={alert.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  disabled={dismissing === String(alert.id)}
                  aria-label={`${ALERT_TEXT.dismiss}: ${alert.title}`}
                >
                  {ALERT_TEXT.dismiss}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {total > alerts.length ? (
        <p className="mt-2 text-sm text-slate-600">
          {`and ${total - alerts.length} older, shown as these are dismissed.`}
        </p>
      ) : null}
    </section>
  );
}
