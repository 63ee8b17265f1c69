import { Form, Link } from "react-router";
import { Button, buttonClass } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { useLiveBalance } from "../lib/live/live-balance.tsx";
import { requireUser } from "../lib/session.server.ts";
import type { Route } from "./+types/_shop.dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { email: user.email, balanceCents: user.balanceCents };
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const balanceCents = useLiveBalance(loaderData.balanceCents);
  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <title>Dashboard | Boostly</title>
      <meta name="robots" content="noindex" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Dashboard</h1>
          <p className="mt-1 text-slate-600">Signed in as {loaderData.email}</p>
        </div>
        <div className="flex gap-3">
          <Link to="/quick-order" className={buttonClass("primary")}>
            Quick Order
          </Link>
          <Form method="post" action="/logout">
            <Button type="submit" variant="secondary">
              Sign Out
            </Button>
          </Form>
        </div>
      </div>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card>
          <h2 className="text-sm font-medium text-slate-600">Account Balance</h2>
          <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="account-balance">
            {usd.format(balanceCents / 100)}
          </p>
          <Link to="/wallet" className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
            Add funds
          </Link>
        </Card>
      </div>
    </main>
  );
}
