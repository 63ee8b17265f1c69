import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { fieldErrorsOf, useFocusFirstInvalid } from "../../components/ui/field-errors.ts";
import { Input } from "../../components/ui/input.tsx";
import { useToast } from "../../components/ui/toaster.tsx";

export type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
};
export type ApiKeyActionResult =
  | { ok: true; intent: "create-api-key"; key: string; name: string }
  | { ok: true; intent: "revoke-api-key"; name: string }
  | { ok: false; error: string; field?: string };

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** The profile's reseller API keys: create one (shown once), see which exist and when they were used, revoke. */
export function ApiKeysCard({ keys }: { keys: ApiKeyRow[] }) {
  const create = useFetcher<ApiKeyActionResult>();
  const createForm = useRef<HTMLFormElement>(null);
  const toast = useToast();
  // One revoke fetcher for the list: a revoked key's row disappears, so it cannot report its own result.
  const revoke = useFetcher<ApiKeyActionResult>();
  const created = create.data?.ok && create.data.intent === "create-api-key" ? create.data : null;

  useEffect(() => {
    if (!revoke.data) return;
    if (revoke.data.ok)
      toast({ title: "Key revoked", description: "Requests with that key are now refused." });
    else toast({ title: "Error", description: revoke.data.error, variant: "destructive" });
  }, [revoke.data, toast]);

  // A refused name is said beside the field (product rules 12.3); anything else (a limit) in a toast.
  const refused = create.data && !create.data.ok ? create.data : null;
  const nameErrors = useMemo(
    () => fieldErrorsOf(refused && { field: refused.field, message: refused.error }, ["name"]),
    [refused],
  );
  // Shown once the page's data is back (the fetcher is idle again), which is when the field can take the focus.
  const shownNameErrors = create.state === "idle" ? nameErrors : null;
  useFocusFirstInvalid(createForm, shownNameErrors);
  useEffect(() => {
    if (!create.data) return;
    if (create.data.ok) createForm.current?.reset();
    else if (!nameErrors) toast({ title: "Error", description: create.data.error, variant: "destructive" });
  }, [create.data, nameErrors, toast]);

  return (
    <Card>
      <CardHeader title="API Keys" />
      <p className="text-sm text-slate-600">
        Keys for the{" "}
        <Link to="/api" className="font-medium text-brand-700 underline">
          reseller API
        </Link>
        : orders placed with a key are paid from your wallet and listed in your dashboard. Give each
        integration its own key.
      </p>
      <create.Form
        method="post"
        ref={createForm}
        // Side by side from sm up, the button level with the field (below its label), whatever the field says.
        className="mt-4 grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_auto]"
        noValidate
      >
        <input type="hidden" name="intent" value="create-api-key" />
        <div>
          <Input
            label="Key name"
            name="name"
            placeholder="e.g. My panel"
            maxLength={60}
            required
            error={shownNameErrors?.name}
          />
        </div>
        <Button type="submit" className="justify-self-start sm:mt-7" disabled={create.state !== "idle"}>
          {create.state !== "idle" ? "Creating..." : "Create key"}
        </Button>
      </create.Form>

      {created ? (
        <div className="mt-4 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200" role="status">
          <p className="text-sm font-medium text-emerald-900">
            Your new key "{created.name}". Copy it now: it is not shown again.
          </p>
          <Input
            label="New API key"
            value={created.key}
            readOnly
            className="mt-2 font-mono text-xs"
            data-testid="new-api-key"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            type="button"
            variant="secondary"
            className="mt-2"
            onClick={() => {
              void navigator.clipboard?.writeText(created.key);
              toast({ title: "Copied", description: "The key is on your clipboard." });
            }}
          >
            Copy key
          </Button>
        </div>
      ) : null}

      {keys.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">You have no API keys yet.</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200" aria-label="Your API keys">
          {keys.map((key) => (
            <ApiKeyItem key={key.id} apiKey={key} revoke={revoke} />
          ))}
        </ul>
      )}
    </Card>
  );
}

type RevokeFetcher = ReturnType<typeof useFetcher<ApiKeyActionResult>>;

function ApiKeyItem({ apiKey, revoke }: { apiKey: ApiKeyRow; revoke: RevokeFetcher }) {
  const [confirming, setConfirming] = useState(false);

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-medium text-slate-900">{apiKey.name}</p>
        <p className="text-sm text-slate-600">
          <span className="font-mono">{apiKey.prefix}…</span> · created{" "}
          {dateFormat.format(new Date(apiKey.createdAt))} ·{" "}
          {apiKey.lastUsedAt ? `last used ${dateFormat.format(new Date(apiKey.lastUsedAt))}` : "never used"}
        </p>
      </div>
      <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
        Revoke<span className="sr-only"> {apiKey.name}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Revoke this API key?"
        actions={
          <>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              Keep key
            </Button>
            <revoke.Form method="post" onSubmit={() => setConfirming(false)}>
              <input type="hidden" name="intent" value="revoke-api-key" />
              <input type="hidden" name="keyId" value={apiKey.id} />
              <Button type="submit">Revoke key</Button>
            </revoke.Form>
          </>
        }
      >
        Requests with "{apiKey.name}" ({apiKey.prefix}…) will be refused at once. This cannot be undone.
      </ConfirmDialog>
    </li>
  );
}
