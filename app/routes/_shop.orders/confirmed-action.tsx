import { type ReactNode, useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";

/**
 * A change to one order (intent=cancel or intent=refill) posted to the /orders action. With JavaScript the button
 * first opens a confirmation dialog, whose confirm button sends the same form; without it the form is sent as it
 * is (the action still applies every rule).
 */
export function ConfirmedAction({
  intent,
  orderId,
  label,
  title,
  keepLabel,
  variant,
  children,
}: {
  intent: "cancel" | "refill";
  orderId: string;
  label: string;
  title: string;
  keepLabel: string;
  variant: "primary" | "secondary" | "danger";
  /** What the dialog says will happen. */
  children: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const formId = useId();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("orderId") === orderId &&
    navigation.formData?.get("intent") === intent;
  return (
    <>
      <Form
        method="post"
        id={formId}
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          if (submitter instanceof HTMLElement && submitter.dataset.confirm === "yes") {
            setConfirming(false);
            return;
          }
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="orderId" value={orderId} />
        <Button type="submit" variant={variant} disabled={busy}>
          {label}
        </Button>
      </Form>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={title}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {keepLabel}
            </Button>
            <Button type="submit" form={formId} variant={variant} data-confirm="yes">
              {label}
            </Button>
          </>
        }
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
