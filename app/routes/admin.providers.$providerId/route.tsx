import { data, Form, Link, useNavigation } from "react-router";
import { PostButton } from "../../components/admin/providers/post-button.tsx";
import { ProviderFields } from "../../components/admin/providers/provider-fields.tsx";
import { useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { requireAdmin } from "../../domain/accounts/session.server.ts";
import { PROVIDER_TEXT } from "../../domain/fulfilment/messages.ts";
import { readProviderPage } from "../../domain/fulfilment/read-provider-page.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";
import { HeldSubmissions } from "./held-submissions.tsx";
import { answerProviderPageAction, providerPageForms } from "./provider-page-actions.server.ts";
import { UpstreamServices } from "./upstream-services.tsx";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData?.provider.name ?? "Provider",
    description: "An upstream provider: its settings, services and orders needing attention.",
    path: "/admin/providers",
    noindex: true,
    matches,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = await readProviderPage(shopDatabase(context), params.providerId);
  if (!page) throw data(PROVIDER_TEXT.notFound.message, { status: 404 });
  return { ...page, held: page.held.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, providerPageForms);
  const answer = await answerProviderPageAction(shopDatabase(context), {
    adminId: admin.id,
    providerId: params.providerId,
    form,
  });
  if (answer.deleted)
    return redirectWithToast("/admin/providers", {
      title: answer.notice.title,
      description: answer.notice.message,
    });
  return data(answer);
}

export default function AdminProviderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { provider, mapped, held, shopServices, upstream } = loaderData;
  const busy = useNavigation().state === "submitting";
  useAnswerToast(actionData);
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">{provider.name}</h1>
        <Link to="/admin/providers" className={buttonClass("secondary")}>
          All providers
        </Link>
      </div>

      <Card>
        <CardHeader
          title="Orders needing attention"
          description="Held instead of being re-sent blindly: check the provider, then send again or settle by hand."
        />
        <HeldSubmissions held={held} busy={busy} emptyText={PROVIDER_TEXT.noAttention} />
      </Card>

      <Card>
        <CardHeader
          title="Settings"
          description={`Balance: ${provider.balance ?? "not checked yet"} ${provider.balanceCurrency ?? ""}`}
        />
        <Form method="post" className="space-y-4" aria-label="Provider settings" key={provider.maskedKey}>
          <input type="hidden" name="intent" value="save" />
          <ProviderFields errors={errors} defaults={provider} maskedKey={provider.maskedKey} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              Save provider
            </Button>
          </div>
        </Form>
        <PostButton
          fields={{ intent: "refresh-balance" }}
          formClassName="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4"
          variant="secondary"
          disabled={busy}
        >
          Refresh balance
        </PostButton>
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="delete" />
          <Button type="submit" variant="danger" disabled={busy || mapped.length > 0}>
            Delete provider
          </Button>
          <span className="text-sm text-slate-500">
            Only a provider with no services and no orders can be deleted.
          </span>
        </Form>
      </Card>

      <Card className="overflow-x-auto">
        <CardHeader
          title="Mapped services"
          description="New orders of these services are sent to this provider."
        />
        {mapped.length === 0 ? (
          <p className="text-slate-600">{PROVIDER_TEXT.noMappedServices}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {mapped.map((row) => (
              <li
                key={row.serviceId}
                className="flex items-center justify-between gap-3 py-2"
                data-testid="mapped-service"
              >
                <span>
                  <span className="font-medium text-slate-900">{row.serviceName}</span>
                  <span className="text-sm text-slate-500">
                    {" "}
                    → {row.providerServiceId} ({row.providerServiceType})
                  </span>
                </span>
                <PostButton
                  fields={{ intent: "unmap", serviceId: row.serviceId }}
                  variant="ghost"
                  disabled={busy}
                  aria-label={`Unmap ${row.serviceName}`}
                >
                  Unmap
                </PostButton>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card className="overflow-x-auto">
        <CardHeader title="The provider's services" description="As the provider lists them right now." />
        {!upstream.listed ? (
          <p role="alert" className="text-red-700">
            {PROVIDER_TEXT.servicesLoadFailed} {upstream.message}
          </p>
        ) : upstream.services.length === 0 ? (
          <p className="text-slate-600">{PROVIDER_TEXT.noUpstreamServices}</p>
        ) : (
          <UpstreamServices services={upstream.services} shopServices={shopServices} busy={busy} />
        )}
      </Card>
    </main>
  );
}
