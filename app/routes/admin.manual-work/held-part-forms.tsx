import { useId } from "react";
import { useFetcher } from "react-router";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import type { ResendProvider } from "../../domain/admin/read-manual-work.server.ts";

type Answer = ToastAnswer & { errors?: Record<string, string> };

/**
 * Resends a held or failed part (intent=resend, product rules 14.14): to the provider chosen, the part's own
 * first, as the service id typed (the part's own to begin with). Posts to the page's action; a toast answers.
 */
export function ResendPartForm({
  fulfilmentId,
  label,
  providerId,
  providerServiceId,
  providers,
}: {
  fulfilmentId: string;
  label: string;
  providerId: string;
  providerServiceId: string;
  providers: ResendProvider[];
}) {
  const fetcher = useFetcher<Answer>();
  const id = useId();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2" aria-label={`Resend ${label}`}>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="fulfilmentId" value={fulfilmentId} />
      <Select
        label="Provider"
        size="sm"
        id={`${id}-provider`}
        name="providerId"
        defaultValue={providerId}
        options={providers.map((provider) => ({ value: provider.id, label: provider.name }))}
      />
      <Input
        label="Its service id"
        size="sm"
        id={`${id}-service`}
        name="providerServiceId"
        defaultValue={providerServiceId}
        maxLength={100}
        className="w-28"
        error={fetcher.data?.errors?.providerServiceId}
      />
      <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={fetcher.state !== "idle"}>
        Resend
      </Button>
    </fetcher.Form>
  );
}

/**
 * "Mark resolved" (intent=resolve, product rules 14.15): with the provider's order id the part is followed from
 * it; without one the order joins the manual queue.
 */
export function ResolvePartForm({ fulfilmentId, label }: { fulfilmentId: string; label: string }) {
  const fetcher = useFetcher<Answer>();
  const id = useId();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form
      method="post"
      className="flex flex-wrap items-end gap-2"
      aria-label={`Mark ${label} resolved`}
    >
      <input type="hidden" name="intent" value="resolve" />
      <input type="hidden" name="fulfilmentId" value={fulfilmentId} />
      <Input
        label="Provider's order id"
        size="sm"
        id={`${id}-order`}
        name="providerOrderId"
        maxLength={100}
        placeholder="If it has one"
        className="w-32"
        error={fetcher.data?.errors?.providerOrderId}
      />
      <Button type="submit" variant="ghost" className="px-3 py-1.5" disabled={fetcher.state !== "idle"}>
        Mark resolved
      </Button>
    </fetcher.Form>
  );
}
