import { data, Form, useNavigation } from "react-router";
import { ProviderFields } from "../../components/admin/providers/provider-fields.tsx";
import { useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { requireAdmin } from "../../domain/accounts/session.server.ts";
import { listProviders } from "../../domain/fulfilment/list-providers.server.ts";
import { listExchangeRates } from "../../domain/fulfilment/manage-exchange-rates.server.ts";
import { PROVIDER_TEXT } from "../../domain/fulfilment/messages.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import {
  answerProviderPageForm,
  providerPageForms,
} from "../admin.providers.$providerId/provider-page-actions.server.ts";
import { codeNeeded } from "../shared/sensitive-change.server.ts";
import type { Route } from "./+types/route";
import { ExchangeRates } from "./exchange-rates.tsx";
import { ProvidersTable } from "./providers-table.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Providers",
    description: "Upstream providers that deliver the shop's orders.",
    path: "/admin/providers",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const [providers, rates] = await Promise.all([
    listProviders(shopDatabase(context)),
    listExchangeRates(shopDatabase(context)),
  ]);
  return {
    providers: providers.map((provider) => ({
      ...provider,
      balanceCheckedAt: provider.balanceCheckedAt?.toISOString() ?? null,
    })),
    rates: rates.map((rate) => ({ ...rate, updatedAt: rate.updatedAt.toISOString() })),
    codeNeeded: await codeNeeded(shopDatabase(context), admin),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, providerPageForms);
  const answer = await answerProviderPageForm(shopDatabase(context), request, admin, { form });
  if (answer.ok && form.intent === "add" && answer.providerId)
    return redirectWithToast(`/admin/providers/${answer.providerId}`, {
      title: answer.notice.title,
      description: answer.notice.message,
    });
  return data(answer);
}

export default function AdminProvidersPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const adding = busy && navigation.formData?.get("intent") === "add";
  useAnswerToast(actionData);
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Providers</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        Orders of a service mapped to a provider are sent there and followed automatically; services without a
        provider are fulfilled by hand.
      </p>
      <Card className="mt-6 p-0 sm:overflow-x-auto">
        {loaderData.providers.length === 0 ? (
          <p className="p-6 text-slate-600">{PROVIDER_TEXT.noProviders}</p>
        ) : (
          <ProvidersTable providers={loaderData.providers} busy={busy} />
        )}
      </Card>
      <Card className="mt-6">
        <CardHeader
          title="Exchange rates"
          description="What one unit of a provider's currency is worth in dollars; its rates are converted before pricing."
        />
        <ExchangeRates rates={loaderData.rates} busy={busy} errors={errors} />
      </Card>
      <Card className="mt-6">
        <CardHeader
          title="Add a provider"
          description="A panel speaking the standard API v2 (one POST endpoint)."
        />
        <Form method="post" className="space-y-4" aria-label="Add a provider">
          <input type="hidden" name="intent" value="add" />
          <ProviderFields errors={errors} codeNeeded={loaderData.codeNeeded} />
          <Button type="submit" disabled={busy}>
            {adding ? <Spinner label="Adding" className="h-4 w-4" /> : null}
            Add provider
          </Button>
        </Form>
      </Card>
    </main>
  );
}
