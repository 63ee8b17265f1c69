import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { requireUser } from "../../domain/accounts/session.server.ts";
import { readCustomerDiscount } from "../../domain/orders/customer-discount.server.ts";
import {
  MASS_ORDER_FORMAT,
  MASS_ORDER_MAX_CHARACTERS,
  MASS_ORDER_MAX_LINES,
  MASS_ORDER_TEXT,
  placedSummary,
} from "../../domain/orders/mass-order-text.ts";
import { listApiServices } from "../../domain/reseller/api-services.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { formatCents } from "../../lib/format-money.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";
import { answerMassOrderForm, type ShownPreview } from "./mass-order-from-form.server.ts";
import { MassOrderLinesTable } from "./mass-order-lines-table.tsx";
import { ServiceIds } from "./service-ids.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: MASS_ORDER_TEXT.title,
    description: "Place many orders at once: paste one order per line, check the preview, then place them.",
    path: "/mass-order",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // The ids a line may name: the one-time services and the likes packs, as the API lists them to this customer
  // (their rates less their discount, product rules 15.29).
  const discountTenths = await readCustomerDiscount(shopDatabase(context), user.id);
  const listed = await listApiServices(shopDatabase(context), discountTenths);
  const services = listed
    .filter((service) => service.type === "Default" || service.type === "Package")
    .map(({ service, name, type, rate, min, max }) => ({
      id: service,
      name,
      rate,
      perPackage: type === "Package",
      min,
      max,
    }));
  return { services };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  return answerMassOrderForm(request, shopDatabase(context), user);
}

export default function MassOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const [paste, setPaste] = useState("");
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const notice = actionData && "notice" in actionData ? actionData.notice : undefined;
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold text-slate-900">{MASS_ORDER_TEXT.title}</h1>
        <p className="mt-2 text-slate-600">{MASS_ORDER_TEXT.lead}</p>
      </header>
      <Card>
        <Form method="post" className="space-y-4">
          <Textarea
            label={MASS_ORDER_TEXT.label}
            name="paste"
            rows={8}
            value={paste}
            onChange={(event) => setPaste(event.target.value)}
            maxLength={MASS_ORDER_MAX_CHARACTERS}
            placeholder={`${MASS_ORDER_FORMAT}\n1 | https://www.instagram.com/p/abc123/ | 1000`}
            hint={`One order per line, at most ${MASS_ORDER_MAX_LINES} lines. ${MASS_ORDER_TEXT.serviceIdsHint}`}
            spellCheck={false}
            className="font-mono text-sm"
            required
          />
          <Button type="submit" name="intent" value="preview" disabled={sending === "preview"}>
            {sending === "preview" ? "Checking…" : MASS_ORDER_TEXT.preview}
          </Button>
        </Form>
      </Card>
      <ServiceIds services={loaderData.services} />
      {notice ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">{notice.title}</p>
          <p className="mt-1">{notice.message}</p>
        </div>
      ) : null}
      {actionData?.step === "preview" ? (
        <PreviewCard
          preview={actionData.preview}
          edited={paste !== actionData.preview.paste}
          sending={sending}
        />
      ) : null}
      {actionData?.step === "placed" ? (
        <Card role="region" aria-labelledby="mass-order-result">
          <h2 id="mass-order-result" className="text-lg font-semibold text-slate-900">
            Orders placed
          </h2>
          <p className="mt-1 text-sm text-slate-700" role="status" data-testid="mass-order-summary">
            {placedSummary(actionData.placed, actionData.refused, actionData.chargedCents)}
          </p>
          <div className="mt-4">
            <MassOrderLinesTable
              lines={actionData.lines}
              caption="Each line's order, or why it was not placed"
            />
          </div>
          <p className="mt-4 text-sm">
            <Link to="/dashboard" className="font-semibold text-brand-700 underline">
              See your orders
            </Link>
          </p>
        </Card>
      ) : null}
    </main>
  );
}

function PreviewCard({
  preview,
  edited,
  sending,
}: {
  preview: ShownPreview;
  edited: boolean;
  sending: FormDataEntryValue | null | undefined;
}) {
  return (
    <Card role="region" aria-labelledby="mass-order-preview">
      <h2 id="mass-order-preview" className="text-lg font-semibold text-slate-900">
        Preview
      </h2>
      <div className="mt-4">
        <MassOrderLinesTable
          lines={preview.lines}
          caption="Each line's service and price, or why it cannot be placed"
        />
      </div>
      <p className="mt-4 flex justify-between text-base font-semibold text-slate-900">
        <span>Total of the valid lines</span>
        <span data-testid="mass-order-total">{formatCents(preview.totalCents)}</span>
      </p>
      <p className={`mt-1 text-sm ${preview.covered ? "text-slate-600" : "text-amber-800"}`}>
        {preview.balanceNote}{" "}
        {!preview.covered ? (
          <Link to="/wallet" className="font-semibold underline">
            Add funds
          </Link>
        ) : null}
      </p>
      {preview.canPlace ? (
        <Form method="post" className="mt-4 space-y-2">
          <input type="hidden" name="paste" value={preview.paste} />
          <input type="hidden" name="batchId" value={preview.batchId} />
          <input type="hidden" name="expectedTotalCents" value={preview.totalCents} />
          {edited ? (
            <p className="text-sm text-amber-800" role="status">
              You changed the lines since this preview: preview them again before placing.
            </p>
          ) : null}
          <Button type="submit" name="intent" value="place" disabled={edited || sending === "place"}>
            {sending === "place" ? "Placing…" : MASS_ORDER_TEXT.place}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
