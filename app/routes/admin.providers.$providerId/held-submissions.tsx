import { Form } from "react-router";
import { formatDateTime } from "../../components/admin/format.ts";
import { PostButton } from "../../components/admin/providers/post-button.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import type { HeldSubmission } from "../../domain/fulfilment/read-provider-page.server.ts";

/** A held submission as the page receives it (the date as ISO text). */
export type HeldView = Omit<HeldSubmission, "updatedAt"> & { updatedAt: string };

/** Submissions waiting for an admin, each with its reason and the two ways out. */
export function HeldSubmissions({
  held,
  busy,
  emptyText,
}: {
  held: HeldView[];
  busy: boolean;
  emptyText: string;
}) {
  if (held.length === 0) return <p className="text-slate-600">{emptyText}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Orders needing attention">
      {held.map((row) => (
        <li
          key={row.id}
          className="flex flex-wrap items-start justify-between gap-3 py-3"
          data-testid="held-submission"
        >
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              {row.subject} <span className="font-normal text-slate-500">× {row.quantity}</span>
            </p>
            <p className="text-sm text-red-700">{row.lastError ?? "Held"}</p>
            <p className="text-xs text-slate-500">
              {row.attempts} attempt(s) · {formatDateTime(row.updatedAt)} UTC
            </p>
          </div>
          <div className="flex gap-2">
            <PostButton
              fields={{ intent: "retry", fulfilmentId: row.id }}
              variant="secondary"
              disabled={busy}
              aria-label={`Send again: ${row.subject}`}
            >
              Send again
            </PostButton>
            <Form method="post" className="flex items-end gap-2">
              <input type="hidden" name="intent" value="resolve" />
              <input type="hidden" name="fulfilmentId" value={row.id} />
              <Input
                label={`Provider's order id of ${row.subject}, if it has one`}
                hideLabel
                size="sm"
                name="providerOrderId"
                maxLength={100}
                placeholder="Provider's order id"
                className="w-36"
              />
              <Button
                type="submit"
                variant="ghost"
                disabled={busy}
                aria-label={`Mark resolved: ${row.subject}`}
              >
                Mark resolved
              </Button>
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}
