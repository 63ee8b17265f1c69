import { data } from "react-router";
import { z } from "zod";
import { useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { requireAdmin } from "../../domain/accounts/session.server.ts";
import {
  describeProviders,
  PROVIDER_CHECK_TEXT,
  PROVIDER_IDS,
  testProviderConnection,
} from "../../domain/admin/provider-checks.server.ts";
import { alertSettingsForm } from "../../domain/alerts/alert-settings-form.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { readSettings } from "../../domain/settings/read-settings.server.ts";
import { settingsRefused } from "../../domain/settings/save-settings.server.ts";
import {
  affiliateSettingsForm,
  pageContentForm,
  shopSettingsForm,
} from "../../domain/settings/settings-form.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { env } from "../../lib/env.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";
import { AlertSettingsForm } from "./alert-settings-form.tsx";
import { ProviderChecks } from "./provider-checks.tsx";
import { saveSettingsFromForm } from "./save-settings-from-form.server.ts";
import { AffiliateSettingsForm, PageContentForm, ShopSettingsForm } from "./settings-forms.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Settings",
    description:
      "Deposit limits, bonuses, maintenance mode, the affiliate programme, page content, alerts and providers.",
    path: "/admin/settings",
    noindex: true,
    matches,
  });

const intentForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("shop") }),
  z.object({ intent: z.literal("content") }),
  z.object({ intent: z.literal("alerts") }),
  z.object({ intent: z.literal("affiliates") }),
  z.object({ intent: z.literal("test-connection"), provider: z.enum(PROVIDER_IDS) }),
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { settings: await readSettings(shopDatabase(context)), providers: describeProviders(env()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, [
    intentForm,
    shopSettingsForm,
    pageContentForm,
    alertSettingsForm,
    affiliateSettingsForm,
  ]);
  const parsed = intentForm.safeParse(form);
  if (!parsed.success) {
    const refused = refusalAnswer(settingsRefused());
    return data(refused.body, refused.init);
  }
  if (parsed.data.intent === "test-connection") {
    const result = await testProviderConnection(parsed.data.provider, env());
    const title = result.connected ? PROVIDER_CHECK_TEXT.connectionOk : PROVIDER_CHECK_TEXT.connectionFailed;
    return data({ ok: result.connected, notice: { title, message: result.message }, fieldErrors: {} });
  }
  const { intent, ...fields } = form;
  const answer = await saveSettingsFromForm(shopDatabase(context), {
    adminId: admin.id,
    part: parsed.data.intent,
    form: fields,
  });
  if (!answer.ok) {
    const refused = refusalAnswer(answer);
    return data({ ...refused.body, part: parsed.data.intent }, refused.init);
  }
  return redirectWithToast("/admin/settings", {
    title: answer.notice.title,
    description: answer.notice.message,
  });
}

export default function AdminSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, providers } = loaderData;
  const refusal = actionData && !actionData.ok && "part" in actionData ? actionData : null;
  useAnswerToast(refusal);
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Settings</h1>
      <p className="mt-2 text-slate-600">Saved for the whole shop; every change takes effect at once.</p>
      <ShopSettingsForm
        settings={settings}
        errors={refusal?.part === "shop" ? (refusal.fieldErrors ?? {}) : {}}
      />
      <AffiliateSettingsForm
        settings={settings}
        errors={refusal?.part === "affiliates" ? (refusal.fieldErrors ?? {}) : {}}
      />
      <PageContentForm
        settings={settings}
        errors={refusal?.part === "content" ? (refusal.fieldErrors ?? {}) : {}}
      />
      <AlertSettingsForm
        settings={settings}
        errors={refusal?.part === "alerts" ? (refusal.fieldErrors ?? {}) : {}}
      />
      <ProviderChecks providers={providers} />
    </main>
  );
}
