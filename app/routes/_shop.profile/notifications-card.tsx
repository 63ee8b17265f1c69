import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXT,
  type NotificationPreferences,
} from "../../domain/notifications/kinds.ts";
import type { NotificationsActionResult } from "./notifications.server.ts";

/**
 * The profile's notification choices (product rules 6.6): one checkbox per kind of mail, saved together. Every
 * notification mail links here (/profile#notifications).
 */
export function NotificationsCard({ preferences }: { preferences: NotificationPreferences }) {
  const fetcher = useFetcher<NotificationsActionResult>();
  const toast = useToast();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;

  useEffect(() => {
    if (answer?.ok) toast({ title: NOTIFICATION_TEXT.saved });
  }, [answer, toast]);

  return (
    <Card id="notifications" className="scroll-mt-24">
      <CardHeader title={NOTIFICATION_TEXT.title} description={NOTIFICATION_TEXT.intro} />
      <fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="save-notifications" />
        <fieldset className="space-y-3">
          <legend className="sr-only">{NOTIFICATION_TEXT.title}</legend>
          {NOTIFICATION_KINDS.map((kind) => (
            <Checkbox
              key={kind.key}
              name={kind.key}
              label={kind.label}
              hint={kind.description}
              defaultChecked={preferences[kind.key]}
            />
          ))}
        </fieldset>
        {answer && !answer.ok ? (
          <p role="alert" className="text-sm text-red-700">
            {answer.error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? NOTIFICATION_TEXT.saving : NOTIFICATION_TEXT.save}
        </Button>
      </fetcher.Form>
    </Card>
  );
}
