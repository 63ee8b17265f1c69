import { handleWebhookRequest, webhookMethodNotAllowed } from "../../domain/payments/webhook-route.server.ts";
import type { Route } from "./+types/route";

// Stripe's signed checkout.session.* events (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set).
export function loader() {
  webhookMethodNotAllowed();
}

export async function action({ request }: Route.ActionArgs) {
  return handleWebhookRequest(request, "stripe");
}
