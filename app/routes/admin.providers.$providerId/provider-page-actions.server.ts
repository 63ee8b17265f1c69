import { z } from "zod";
import type { StaffSession } from "../../domain/accounts/fresh-second-factor.server.ts";
import { balanceAlertForm } from "../../domain/fulfilment/balance-alert-form.ts";
import { importProviderServices } from "../../domain/fulfilment/import-provider-services.server.ts";
import { removeExchangeRate, setExchangeRate } from "../../domain/fulfilment/manage-exchange-rates.server.ts";
import {
  addProvider,
  deleteProvider,
  type ProviderChange,
  providerRefused,
  updateProvider,
} from "../../domain/fulfilment/manage-providers.server.ts";
import { PROVIDER_TEXT } from "../../domain/fulfilment/messages.ts";
import {
  exchangeRateForm,
  importSelectionForm,
  mappingMarkupForm,
  providerEditForm,
  providerForm,
} from "../../domain/fulfilment/provider-form.ts";
import {
  mapProviderService,
  unmapProviderService,
} from "../../domain/fulfilment/provider-services.server.ts";
import { refreshProviderBalance } from "../../domain/fulfilment/refresh-provider-balance.server.ts";
import { setBalanceAlert } from "../../domain/fulfilment/set-balance-alert.server.ts";
import { setMappingMarkup } from "../../domain/fulfilment/set-mapping-markup.server.ts";
import { syncProviderNow } from "../../domain/fulfilment/sync-providers.server.ts";
import { settleHeldSubmission } from "../../domain/order-lifecycle/fulfilment-steps.server.ts";
import type { Notice } from "../../domain/orders/messages.ts";
import { type Refusal, refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";
import { confirmSensitiveForm, SECOND_FACTOR_CODE_FIELD } from "../shared/sensitive-change.server.ts";

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
  z.object({ intent: z.literal("sync") }),
  z.object({ intent: z.literal("import-selected") }).passthrough(),
  z.object({ intent: z.literal("mapping-markup") }).passthrough(),
  z.object({ intent: z.literal("set-rate") }).passthrough(),
  z.object({ intent: z.literal("remove-rate"), currency: z.string().max(3) }),
  z.object({ intent: z.literal("map"), providerServiceId, serviceId: z.string().max(64) }),
  z.object({ intent: z.literal("unmap"), serviceId: z.string().max(64) }),
  z.object({ intent: z.literal("retry"), fulfilmentId: z.string().max(64) }),
  z.object({
    intent: z.literal("resolve"),
    fulfilmentId: z.string().max(64),
    providerOrderId: z.string().max(200).optional(),
  }),
  z.object({ intent: z.literal("balance-alert") }).passthrough(),
]);

/** Every field the providers pages' forms send: the intents' own and each form's, and a sensitive change's code. */
export const providerPageForms = [
  pageIntent,
  providerForm,
  importSelectionForm,
  mappingMarkupForm,
  exchangeRateForm,
  balanceAlertForm,
  SECOND_FACTOR_CODE_FIELD,
] as const;

/**
 * A providers page's form post from `staff`: adding or saving a provider sets its key and where the key is sent,
 * so it asks for a recent code first (product rules 15.36); everything else goes straight on.
 */
export async function answerProviderPageForm(
  db: Database,
  request: Request,
  staff: StaffSession & { id: string },
  input: { providerId?: string; form: Record<string, string> },
): Promise<PageAnswer> {
  const sensitive = input.form.intent === "add" || input.form.intent === "save";
  const { refused, fields } = sensitive
    ? await confirmSensitiveForm(db, request, staff, input.form)
    : { refused: null, fields: input.form };
  if (refused) {
    const { body } = refusalAnswer(refused);
    return { ok: false, notice: body.notice, errors: body.fieldErrors };
  }
  return answerProviderPageAction(db, { adminId: staff.id, providerId: input.providerId, form: fields });
}

const UNKNOWN = refuse("invalid", {
  title: "Something went wrong",
  message: "This action is not available.",
});

/** The add form of a provider: parsed with the fulfilment area's schema, then addProvider. */
export async function addProviderFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<ProviderChange> {
  const parsed = providerForm.safeParse(input.form);
  if (!parsed.success) return providerRefused(parsed.error);
  return addProvider(db, { adminId: input.adminId, provider: parsed.data });
}

/** The edit form of a provider: parsed with the fulfilment area's schema, then updateProvider. */
async function updateProviderFromForm(
  db: Database,
  input: { adminId: string; providerId: string; form: Record<string, unknown> },
): Promise<ProviderChange> {
  const parsed = providerEditForm.safeParse(input.form);
  if (!parsed.success) return providerRefused(parsed.error);
  return updateProvider(db, { adminId: input.adminId, providerId: input.providerId, provider: parsed.data });
}

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
      return addProviderFromForm(db, { adminId, form: input.form });
    case "save":
      return updateProviderFromForm(db, { adminId, providerId, form: input.form });
    case "delete": {
      const answer = await deleteProvider(db, { adminId, providerId });
      return answer.ok ? { ...answer, deleted: true } : answer;
    }
    case "refresh-balance":
      return refreshProviderBalance(db, { providerId: input.providerId ?? action.providerId ?? "" });
    case "sync":
      return syncProviderNow(db, { providerId });
    case "import-selected": {
      const selection = importSelectionForm.safeParse(input.form);
      if (!selection.success) return providerRefused(selection.error);
      return importProviderServices(db, { adminId, providerId, selection: selection.data });
    }
    case "mapping-markup": {
      const markup = mappingMarkupForm.safeParse(input.form);
      if (!markup.success) return providerRefused(markup.error);
      return setMappingMarkup(db, { adminId, providerId, markup: markup.data });
    }
    case "set-rate": {
      const rate = exchangeRateForm.safeParse(input.form);
      if (!rate.success) return providerRefused(rate.error);
      return setExchangeRate(db, { adminId, rate: rate.data });
    }
    case "balance-alert": {
      const alert = balanceAlertForm.safeParse(input.form);
      if (!alert.success) return providerRefused(alert.error);
      return setBalanceAlert(db, { adminId, providerId, below: alert.data.balanceAlertBelow });
    }
    case "remove-rate":
      return removeExchangeRate(db, { adminId, currency: action.currency });
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
        ...(action.intent === "resolve" ? { providerOrderId: action.providerOrderId } : {}),
      });
    default:
      return refuse("not_found", PROVIDER_TEXT.notFound);
  }
}
