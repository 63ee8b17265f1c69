import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { formatDateTime } from "../../components/admin/format.ts";
import { PostButton } from "../../components/admin/providers/post-button.tsx";
import { ProviderFields } from "../../components/admin/providers/provider-fields.tsx";
import { useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { requireAdmin } from "../../domain/accounts/session.server.ts";
import { PROVIDER_TEXT } from "../../domain/fulfilment/messages.ts";
import { CATALOG_MAX_PAGE } from "../../domain/fulfilment/read-provider-catalog.server.ts";
import { MAPPED_PAGE_SIZE, readProviderPage } from "../../domain/fulfilment/read-provider-page.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { codeNeeded } from "../shared/sensitive-change.server.ts";
import type { Route } from "./+types/route";
import { BalanceAlertForm } from "./balance-alert-form.tsx";
import { CatalogueBrowser } from "./catalogue-browser.tsx";
import { formatDollarRate, formatUpstreamAmount } from "./dollar-rate.ts";
import { HeldSubmissions } from "./held-submissions.tsx";
import { MapExisting } from "./map-existing.tsx";
import { MappedServices } from "./mapped-services.tsx";
import { answerProviderPageForm, providerPageForms } from "./provider-page-actions.server.ts";
import { ServiceChanges } from "./service-changes.tsx";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData?.provider.name ?? "Provider",
    description: "An upstream provider: its settings, services and orders needing attention.",
    path: "/admin/providers",
    noindex: true,
    matches,
  });

// The catalogue browser's search, filters and page; the mapped services' page.
const pageQuery = z.object({
  q: z.string().max(200).catch("").default(""),
  category: z.string().max(500).catch("").default(""),
  type: z.string().max(100).catch("").default(""),
  page: z.coerce.number().int().min(1).max(CATALOG_MAX_PAGE).catch(1).default(1),
  mapped: z.coerce.number().int().min(1).max(CATALOG_MAX_PAGE).catch(1).default(1),
});

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { mapped: mappedPage, ...query } = pageQuery.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const page = await readProviderPage(shopDatabase(context), params.providerId, query, mappedPage);
  if (!page) throw data(PROVIDER_TEXT.notFound.message, { status: 404 });
  return {
    ...page,
    query,
    mappedPage,
    mappedPages: Math.max(1, Math.ceil(page.mappedTotal / MAPPED_PAGE_SIZE)),
    provider: { ...page.provider, syncedAt: page.provider.syncedAt?.toISOString() ?? null },
    held: page.held.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    changes: page.changes.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    codeNeeded: await codeNeeded(shopDatabase(context), admin),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, providerPageForms);
  const answer = await answerProviderPageForm(shopDatabase(context), request, admin, {
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
  const {
    provider,
    mapped,
    mappedTotal,
    mappedPage,
    mappedPages,
    held,
    changes,
    catalog,
    query,
    shopServices,
  } = loaderData;
  const mappedPageHref = (page: number) =>
    `?${new URLSearchParams({ ...query, page: String(query.page), mapped: String(page) } as Record<string, string>).toString()}#mapped`;
  const busy = useNavigation().state === "submitting";
  useAnswerToast(actionData);
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  const balance =
    provider.balance === null
      ? "not checked yet"
      : `${formatUpstreamAmount(provider.balance, provider.balanceCurrency ?? provider.currency)}${
          provider.currency === "USD" ? "" : ` (${formatDollarRate(provider.balanceUsd)})`
        }`;
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">{provider.name}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={`/admin/audit?subject=${provider.id}`} className={buttonClass("ghost")}>
            Audit trail
          </Link>
          <Link to="/admin/providers" className={buttonClass("secondary")}>
            All providers
          </Link>
        </div>
      </div>

      <Card>
        <CardHeader
          title="Sync"
          description="Balance, currency, every service and its rate, read on a schedule; prices follow by the markup."
        />
        <p className="text-sm text-slate-700" data-testid="provider-sync">
          {provider.syncedAt ? `Last synced ${formatDateTime(provider.syncedAt)} UTC.` : "Not synced yet."}{" "}
          Balance: <span data-testid="provider-page-balance">{balance}</span>
          {provider.currency !== "USD" && provider.usdPerUnit === null
            ? ` · ${PROVIDER_TEXT.noRateFor(provider.currency).message}`
            : ""}
        </p>
        {provider.syncError ? (
          <p role="alert" className="mt-2 text-sm text-red-700" data-testid="sync-error">
            {provider.syncError}
          </p>
        ) : null}
        <PostButton fields={{ intent: "sync" }} formClassName="mt-4" variant="secondary" disabled={busy}>
          Sync now
        </PostButton>
      </Card>

      <Card>
        <CardHeader
          title="Orders needing attention"
          description="Held instead of being re-sent blindly: check the provider, then send again or settle by hand."
        />
        <HeldSubmissions held={held} busy={busy} emptyText={PROVIDER_TEXT.noAttention} />
      </Card>

      <Card>
        <CardHeader title="Settings" description={`Balance: ${balance}`} />
        <Form method="post" className="space-y-4" aria-label="Provider settings" key={provider.maskedKey}>
          <input type="hidden" name="intent" value="save" />
          <ProviderFields
            errors={errors}
            defaults={provider}
            maskedKey={provider.maskedKey}
            codeNeeded={loaderData.codeNeeded}
          />
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
        <BalanceAlertForm
          below={provider.balanceAlertBelow}
          currency={provider.currency}
          error={errors?.balanceAlertBelow}
          busy={busy}
        />
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="delete" />
          <Button type="submit" variant="danger" disabled={busy || mappedTotal > 0}>
            Delete provider
          </Button>
          <span className="text-sm text-slate-500">
            Only a provider with no services and no orders can be deleted.
          </span>
        </Form>
      </Card>

      <Card id="mapped">
        <CardHeader
          title="Mapped services"
          description="New orders of these services are sent to this provider."
        />
        <MappedServices
          mapped={mapped}
          total={mappedTotal}
          page={mappedPage}
          pages={mappedPages}
          pageHref={mappedPageHref}
          currency={provider.currency}
          busy={busy}
          emptyText={PROVIDER_TEXT.noMappedServices}
        />
        <div className="mt-4 border-t border-slate-100 pt-4">
          <MapExisting shopServices={shopServices} busy={busy} />
        </div>
      </Card>

      <Card>
        <CardHeader title="Latest changes" description="What the syncs changed in these services." />
        <ServiceChanges changes={changes} emptyText={PROVIDER_TEXT.noChanges} />
      </Card>

      <Card id="catalogue">
        <CardHeader
          title="The provider's services"
          description="As the last sync read them. Tick the ones to sell and import them in one go."
        />
        <CatalogueBrowser
          // A new page, or rows just mapped by an import, start with nothing selected.
          key={catalog.rows.map((row) => `${row.upstreamId}:${row.mappedServiceId ?? ""}`).join()}
          catalog={catalog}
          query={query}
          currency={provider.currency}
          markup={{ percent: provider.markupPercent, minPer1000: provider.markupMinPer1000 }}
          place={loaderData}
          busy={busy}
          errors={errors}
        />
      </Card>
    </main>
  );
}
