import { useFetcher } from "react-router";
import { formatDateTime } from "../../components/admin/format.ts";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { useStaffCan } from "../../components/admin/use-staff-can.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { API_KEY_ADMIN_TEXT } from "../../domain/reseller/api-text.ts";

export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
};

/**
 * The customer's active API keys (product rules 15.24): name, the first characters only (the key itself is never
 * kept), when made and last used, and Revoke, which refuses the key from then on.
 */
export function ApiKeysCard({ keys }: { keys: ApiKeyView[] }) {
  return (
    <Card className="mt-6" data-testid="user-api-keys">
      <CardHeader
        title={API_KEY_ADMIN_TEXT.heading}
        description="The keys this customer uses with the API."
      />
      {keys.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{API_KEY_ADMIN_TEXT.none}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {keys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const fetcher = useFetcher<ToastAnswer>();
  const mayRevoke = useStaffCan("users.manage");
  useAnswerToast(fetcher.data);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm" data-testid="user-api-key">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{apiKey.name}</p>
        <p className="font-mono text-xs text-slate-600">{apiKey.prefix}…</p>
        <p className="text-xs text-slate-500">
          Created {formatDateTime(apiKey.createdAt)} · Last used{" "}
          {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : "never"}
        </p>
      </div>
      {mayRevoke ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="revoke-api-key" />
          <input type="hidden" name="keyId" value={apiKey.id} />
          <Button type="submit" variant="danger" disabled={fetcher.state !== "idle"}>
            Revoke
          </Button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}
