import { useFetcher } from "react-router";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";

/** "Send password reset" (product rules 15.23): the customer's own reset mail, sent at once; the answer is a toast. */
export function PasswordResetButton() {
  const fetcher = useFetcher<ToastAnswer>();
  useAnswerToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="send-password-reset" />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? "Sending..." : "Send password reset"}
      </Button>
    </fetcher.Form>
  );
}
