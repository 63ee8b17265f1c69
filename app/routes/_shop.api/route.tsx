import { Link, useRouteLoaderData } from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { CallToAction } from "../../components/pages/call-to-action.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { FeatureGrid, PageBody, PageSection, StepList } from "../../components/pages/section.tsx";
import { ReferenceTable } from "../../components/ui/reference-table.tsx";
import { CANCEL_WINDOW_MINUTES } from "../../domain/orders/cancel-rules.ts";
import { ORDER_TEXT } from "../../domain/orders/messages.ts";
import { readApiExamples } from "../../domain/reseller/api-examples.server.ts";
import { API_RATE_LIMIT, API_TEXT, MAX_ORDER_IDS_PER_REQUEST } from "../../domain/reseller/api-text.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { formatCount } from "../../lib/format-money.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/route";
import { ApiChangeLog } from "./api-change-log.tsx";
import { ApiExamples } from "./api-examples.tsx";
import { ClientSamples } from "./client-samples.tsx";
import { OrderTypesTable } from "./order-types-table.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Reseller API",
    description:
      "Automate orders with the Boostly reseller API: the standard panel protocol (/api/v2) with services, add, status, cancel, refill, refill_status and balance actions.",
    path: "/api",
    matches,
  });

const offers = [
  {
    title: "The standard panel protocol",
    text: "One endpoint, form-encoded parameters and JSON answers: the same protocol most growth panels speak, so existing scripts and panels connect without changes.",
  },
  {
    title: "The full catalogue",
    text: "Every service from the storefront with its price (per 1,000, or per package for a Package) and quantity limits, for all seven platforms.",
  },
  {
    title: "Your wallet, your orders",
    text: "API orders are paid from the same prepaid wallet and appear in your dashboard next to the ones placed on the website.",
  },
];

const actions = [
  { action: "services", params: "none", returns: "The service list with rate, min and max" },
  {
    action: "add",
    params: "service (its integer id) and its type's fields (below) (optional: idempotency_key)",
    returns: `The new order's id; while an order of the same service on the same link has not ended: "${ORDER_TEXT.activeOrderWithLink.message}"`,
  },
  {
    action: "status",
    params: `order (or orders: up to ${MAX_ORDER_IDS_PER_REQUEST} ids, comma-separated)`,
    returns:
      "Charge, start count, status, remains (a subscription: posts served, their order ids, posts left)",
  },
  {
    action: "cancel",
    params: "order, or orders: comma-separated ids (orders and subscriptions)",
    returns: "Per order: cancelled, or an error",
  },
  {
    action: "refill",
    params: "order or orders",
    returns:
      "The refill's id (per order with orders), for a completed or partial order of a service whose `refill` is true in services, within its refill window",
  },
  {
    action: "refill_status",
    params: "refill or refills",
    returns: "Pending, In progress, Completed or Rejected (per refill with refills)",
  },
  { action: "balance", params: "none", returns: "Your wallet balance and currency" },
];

const keySteps = [
  {
    title: "Create an account",
    text: "Sign up and confirm your e-mail address, then top up your wallet: API orders are paid from it.",
  },
  {
    title: "Create your key",
    text: "In your profile, under API Keys, create a key and copy it: it is shown once. Give each integration its own key so one can be revoked without touching the others.",
  },
  {
    title: "Send your first request",
    text: "Call action=balance with your key to check the connection, then action=services to load the catalogue.",
  },
];

/** The examples come from what the catalogue sells now, so each one works as shown (docs/decisions/020). */
export async function loader({ context }: Route.LoaderArgs) {
  return { examples: await readApiExamples(shopDatabase(context)) };
}

export default function ApiPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const origin = root?.site.origin || "https://boostly.example";
  const endpoint = `${origin}/api/v2`;

  return (
    <main>
      <PageHero
        eyebrow="Developers"
        title="Reseller API"
        lead="Place and track orders from your own panel, app or scripts. The Boostly API speaks the standard panel protocol, so most integrations connect in minutes."
      />
      <PageBody>
        <PageSection id="api-offers-title" title="What the API offers">
          <FeatureGrid items={offers} />
        </PageSection>

        <PageSection
          id="api-protocol-title"
          title="The protocol"
          lead="Every call is a POST (or a GET) over HTTPS to one endpoint, with form-encoded parameters (a query string or a JSON body work too). Each request carries your key and an action; answers are JSON."
        >
          <div className="space-y-6">
            <dl className="grid gap-4 sm:grid-cols-3">
              <div className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">Endpoint</dt>
                <dd className="mt-1 break-all font-mono font-semibold text-slate-900">POST {endpoint}</dd>
              </div>
              <div className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">Body</dt>
                <dd className="mt-1 font-mono font-semibold text-slate-900">
                  application/x-www-form-urlencoded
                </dd>
              </div>
              <div className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">Always required</dt>
                <dd className="mt-1 font-mono font-semibold text-slate-900">key, action</dd>
              </div>
            </dl>
            <ReferenceTable
              caption="API actions, their parameters and what they return"
              rows={actions}
              rowKey={(row) => row.action}
              columns={[
                { header: "action", cell: (row) => row.action, code: true, emphasis: true },
                { header: "Parameters", cell: (row) => row.params, code: true },
                { header: "Returns", cell: (row) => row.returns },
              ]}
            />
            <OrderTypesTable />
          </div>
        </PageSection>

        <PageSection id="api-examples-title" title="Examples">
          <ApiExamples endpoint={endpoint} examples={loaderData.examples} />
          <p className="mt-6 max-w-3xl leading-7 text-slate-700">
            Every answer is HTTP 200 with JSON; a refused request answers with an{" "}
            <code className="font-mono">error</code> field in the panels' usual words and nothing else, for
            example{" "}
            <code className="font-mono">{`{ "error": ${JSON.stringify(API_TEXT.notEnoughFunds)} }`}</code> or{" "}
            <code className="font-mono">{`{ "error": ${JSON.stringify(API_TEXT.invalidKey)} }`}</code>
            {"; "}nothing is charged. Service and order ids are integers. Send the same{" "}
            <code className="font-mono">idempotency_key</code> again after a timeout and you get the first
            order back instead of a second one. Requests are rate limited per key (
            {formatCount(API_RATE_LIMIT.limit)} every {API_RATE_LIMIT.windowSeconds} seconds); past the limit
            the API answers with an error and a Retry-After header. Cancellation follows the shop's rule:
            within {CANCEL_WINDOW_MINUTES} minutes. An order not yet sent to delivery is refunded in full at
            once. One already on its way is cancelled only where its service's{" "}
            <code className="font-mono">cancel</code> is true in <code className="font-mono">services</code>{" "}
            (its delivery partner takes cancels): the partner is asked, and what it did not deliver comes back
            to your wallet once it confirms (the order's status then reads Canceled or Partial); elsewhere the
            cancel is refused with an error.
          </p>
        </PageSection>

        <PageSection id="api-clients-title" title="Sample clients">
          <p className="mb-4 max-w-3xl leading-7 text-slate-700">
            The same calls as a small client in the languages panels and scripts are written in: paste one,
            set your key and run it.
          </p>
          <ClientSamples endpoint={endpoint} />
        </PageSection>

        <PageSection id="api-key-title" title="How to get an API key">
          <StepList steps={keySteps} />
          <p className="mt-6 text-slate-700">
            Keep your key secret: anyone who has it can spend your balance. If a key leaks, revoke it in your{" "}
            <Link to="/profile" className="font-semibold text-brand-700 hover:underline">
              profile
            </Link>{" "}
            and create a new one; requests with a revoked key are refused at once.
          </p>
        </PageSection>

        <PageSection
          id="api-changes-title"
          title="Change log"
          lead="Changes to the API that break an id your integration stored or the shape of an answer it reads, newest first, with what to do once the shop runs them."
        >
          <ApiChangeLog />
        </PageSection>

        <CallToAction
          title="Building something bigger?"
          text="Resellers and agencies get volume pricing and a dedicated contact. Tell us what you are building."
          primary={{ to: "/register", label: "Create Account" }}
          secondary={{ to: "/reseller", label: "Reseller Program" }}
        />
      </PageBody>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
