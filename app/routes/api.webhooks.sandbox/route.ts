import { handleWebhookRequest, webhookMethodNotAllowed } from "../../domain/payments/webhook-route.server.ts";
import type { Route } from "./+types/route";

// The local sandbox checkout's signed events (no Stripe keys, never in production).
export function loader() {
  webhookMethodNotAllowed();
}

export async function action({ request }: Route.ActionArgs) {
  return handleWebhookRequest(request, "sandbox");
}
