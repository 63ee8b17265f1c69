import { z } from "zod";
import {
  addProvider,
  deleteProvider,
  updateProvider,
} from "../../domain/fulfilment/manage-providers.server.ts";
import { PROVIDER_TEXT } from "../../domain/fulfilment/messages.ts";
import { providerForm } from "../../domain/fulfilment/provider-form.ts";
import {
  importProviderService,
  mapProviderService,
  unmapProviderService,
} from "../../domain/fulfilment/provider-services.server.ts";
import { refreshProviderBalance } from "../../domain/fulfilment/refresh-provider-balance.server.ts";
import { settleHeldSubmission } from "../../domain/order-lifecycle/fulfilment-steps.server.ts";
import type { Notice } from "../../domain/orders/messages.ts";
import { type Refusal, refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

export type PageAnswer = {
  ok: boolean;
  notice: Notice;
  errors?: Record<string, string>;
  providerId?: string;
  deleted?: boolean;
};

const providerServiceId = z.string().trim().min(1).max(100);

const pageIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add") }).passthrough(),
  z.object({ intent: z.literal("save") }).passthrough(),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("refresh-balance"), providerId: z.string().max(64).optional() }),
  z.object({ intent: z.literal("import"), providerServiceId }),
  z.object({ intent: z.literal("map"), providerServiceId, serviceId: z.string().max(64) }),
  z.object({ intent: z.literal("unmap"), serviceId: z.string().max(64) }),
  z.object({ intent: z.literal("retry"), fulfilmentId: z.string().max(64) }),
  z.object({ intent: z.literal("resolve"), fulfilmentId: z.string().max(64) }),
]);

/** Every field the providers pages' forms send: the intents' own and the provider form's. */
export const providerPageForms = [pageIntent, providerForm] as const;

const UNKNOWN = refuse("invalid", {
  title: "Something went wrong",
  message: "This action is not available.",
});

/**
 * The providers pages' form posts, by intent: one domain call each, answered with a notice (and field errors
 * for the provider form); a refusal's notice and fields come from refusalAnswer. `providerId` is the page's
 * provider; on the list page it comes with the form.
 */
export async function answerProviderPageAction(
  db: Database,
  input: { adminId: string; providerId?: string; form: Record<string, unknown> },
): Promise<PageAnswer> {
  const answer = await runPageAction(db, input);
  if (answer.ok) return answer;
  const { body } = refusalAnswer(answer);
  return { ok: body.ok, notice: body.notice, ...(answer.fieldErrors ? { errors: body.fieldErrors } : {}) };
}

async function runPageAction(
  db: Database,
  input: { adminId: string; providerId?: string; form: Record<string, unknown> },
): Promise<(Omit<PageAnswer, "ok"> & { ok: true }) | Refusal> {
  const parsed = pageIntent.safeParse(input.form);
  if (!parsed.success) return UNKNOWN;
  const { adminId } = input;
  const providerId = input.providerId ?? "";
  const action = parsed.data;
  switch (action.intent) {
    case "add":
      return addProvider(db, { adminId, form: input.form });
    case "save":
      return updateProvider(db, { adminId, providerId, form: input.form });
    case "delete": {
      const answer = await deleteProvider(db, { adminId, providerId });
      return answer.ok ? { ...answer, deleted: true } : answer;
    }
    case "refresh-balance":
      return refreshProviderBalance(db, { providerId: input.providerId ?? action.providerId ?? "" });
    case "import":
      return importProviderService(db, { adminId, providerId, providerServiceId: action.providerServiceId });
    case "map":
      return mapProviderService(db, { adminId, providerId, ...action });
    case "unmap":
      return unmapProviderService(db, { adminId, providerId, serviceId: action.serviceId });
    case "retry":
    case "resolve":
      return settleHeldSubmission(db, {
        adminId,
        fulfilmentId: action.fulfilmentId,
        decision: action.intent,
      });
    default:
      return refuse("not_found", PROVIDER_TEXT.notFound);
  }
}
