import { useFetcher } from "react-router";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { useStaffCan } from "../../components/admin/use-staff-can.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { ADMIN_NOTES_MAX } from "../../domain/accounts/user-controls-text.ts";

type Answer = ToastAnswer & { fieldErrors?: Record<string, string> };

/** The admins' notes on this customer (product rules 15.26): one text, saved with an audit row. */
export function AdminNotesCard({ notes }: { notes: string }) {
  const fetcher = useFetcher<Answer>();
  const mayWrite = useStaffCan("users.manage");
  useAnswerToast(fetcher.data);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors?.notes : undefined;
  // Support reads the notes; only those who manage users write them (product rules 15.38).
  if (!mayWrite)
    return (
      <Card className="mt-6" data-testid="admin-notes">
        <CardHeader title="Admin notes" description="For the admins only; the customer never sees them." />
        <p className="mt-3 text-sm whitespace-pre-wrap break-words text-slate-700">{notes || "No notes."}</p>
      </Card>
    );
  return (
    <Card className="mt-6" data-testid="admin-notes">
      <CardHeader title="Admin notes" description="For the admins only; the customer never sees them." />
      <fetcher.Form method="post" className="mt-4 grid gap-3">
        <input type="hidden" name="intent" value="save-notes" />
        <Textarea
          label="Notes"
          name="notes"
          rows={4}
          maxLength={ADMIN_NOTES_MAX}
          defaultValue={notes}
          error={error}
        />
        <div>
          <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : "Save notes"}
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}
