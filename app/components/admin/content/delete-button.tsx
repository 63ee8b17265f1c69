import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { type ToastAnswer, useAnswerToast } from "../use-answer-toast.ts";

/** Delete, after a confirmation dialog (admin spec: "Deletion asks for confirmation"). */
export function DeleteButton({
  label,
  title,
  question,
  fields,
}: {
  /** The button's accessible name, e.g. "Delete Instagram Likes". */
  label: string;
  title: string;
  question: string;
  fields: Record<string, string>;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ToastAnswer>();
  const busy = fetcher.state !== "idle";
  useAnswerToast(fetcher.data);
  return (
    <>
      <Button
        variant="ghost"
        className="px-3 py-1.5 text-red-700"
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <fetcher.Form method="post" onSubmit={() => setOpen(false)}>
              {Object.entries(fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <Button type="submit" variant="danger" disabled={busy}>
                {busy ? "Deleting..." : "Delete"}
              </Button>
            </fetcher.Form>
          </>
        }
      >
        {question}
      </ConfirmDialog>
    </>
  );
}
