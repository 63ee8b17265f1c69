import { redirect } from "react-router";
import { z } from "zod";
import { requireUser, safeNextPath } from "../../domain/accounts/session.server.ts";
import {
  cancelAutoOrder,
  pauseAutoOrder,
  resumeAutoOrder,
} from "../../domain/auto-orders/change-auto-order.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";

const CHANGES = { pause: pauseAutoOrder, resume: resumeAutoOrder, cancel: cancelAutoOrder } as const;

const changeForm = z.object({
  intent: z.enum(["pause", "resume", "cancel"]),
  returnTo: z.string().max(500).optional(),
});

/** Nothing to show here: the auto orders are listed on the dashboard. */
export function loader() {
  return redirect("/dashboard?tab=auto-orders");
}

/** Pause, resume or cancel (with refund) one of the signed-in customer's own auto orders. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = changeForm.safeParse(await readForm(request, changeForm));
  const back = safeNextPath(parsed.success ? parsed.data.returnTo : null, "/dashboard?tab=auto-orders");
  if (!parsed.success)
    return redirectWithToast(back, {
      title: "Error",
      description: "Unknown change.",
      variant: "destructive",
    });
  const result = await CHANGES[parsed.data.intent](
    shopDatabase(context),
    { kind: "customer", userId: user.id },
    params.autoOrderId,
  );
  if (!result.ok) {
    const { notice } = refusalAnswer(result);
    return redirectWithToast(back, {
      title: notice.title,
      description: notice.message,
      variant: "destructive",
    });
  }
  return redirectWithToast(back, {
    title: result.notice.title,
    description: result.notice.message || undefined,
  });
}
