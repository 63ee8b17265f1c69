import { useFetcher } from "react-router";
import type { ToastAnswer } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import type { ProviderStatus } from "../../domain/admin/provider-checks.server.ts";

/** One provider: configured or not, and a "Test connection" that makes a real call and tells the result. */
function ProviderRow({ provider }: { provider: ProviderStatus }) {
  const fetcher = useFetcher<ToastAnswer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  return (
    <li className="py-4" data-testid={`provider-${provider.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-medium text-slate-900">
            {provider.name}{" "}
            <span
              className={`ml-1 rounded-full px-2 py-0.5 text-xs font-semibold ${provider.configured ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-900"}`}
            >
              {provider.configured ? "Configured" : "Not configured"}
            </span>
          </p>
          <p className="mt-1 text-sm text-slate-600">{provider.detail}</p>
        </div>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="test-connection" />
          <input type="hidden" name="provider" value={provider.id} />
          <Button
            type="submit"
            variant="secondary"
            disabled={busy}
            aria-label={`Test connection: ${provider.name}`}
          >
            {busy ? "Testing..." : "Test connection"}
          </Button>
        </fetcher.Form>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={`mt-2 text-sm ${answer?.ok ? "text-emerald-700" : "text-red-700"}`}
      >
        {answer && !busy ? `${answer.notice.title}: ${answer.notice.message}` : ""}
      </p>
    </li>
  );
}

/** Payment and mail providers: secrets live in the server configuration, never in the settings table. */
export function ProviderChecks({ providers }: { providers: ProviderStatus[] }) {
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">Payments and e-mail</h2>
      <p className="mt-1 text-sm text-slate-600">
        Keys and passwords are set in the server's environment (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET,
        SMTP_URL), never on this page.
      </p>
      <ul className="mt-2 divide-y divide-slate-100">
        {providers.map((provider) => (
          <ProviderRow key={provider.id} provider={provider} />
        ))}
      </ul>
    </Card>
  );
}
