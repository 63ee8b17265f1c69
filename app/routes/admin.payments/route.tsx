import { data } from "react-router";
import { z } from "zod";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { requireStaff } from "../../domain/accounts/session.server.ts";
import { testGatewayConnection } from "../../domain/payments/gateway-connection.server.ts";
import {
  readGatewaySetup,
  readGatewaySetupViews,
  saveGatewaySetup,
} from "../../domain/payments/gateway-setup.server.ts";
import {
  CONFIGURABLE_GATEWAYS,
  GATEWAY_FIELDS,
  GATEWAY_SETUP_TEXT,
} from "../../domain/payments/gateway-setup.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { answerAdminChange } from "../../lib/toast.server.ts";
import {
  codeNeeded,
  confirmSensitiveForm,
  SECOND_FACTOR_CODE_FIELD,
} from "../shared/sensitive-change.server.ts";
import type { Route } from "./+types/route";
import { GatewaySetupCard } from "./gateway-setup-card.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Payments",
    description: "The deposit gateways: on or off, their keys, fees and limits.",
    path: "/admin/payments",
    noindex: true,
    matches,
  });

const FIELD_NAMES = [
  ...new Set(Object.values(GATEWAY_FIELDS).flatMap(({ fields }) => fields.map((field) => field.name))),
];

const setupForm = z.object({
  intent: z.enum(["save", "test-connection"]),
  gateway: z.enum(CONFIGURABLE_GATEWAYS),
  enabled: z.literal("on").optional(),
  feePercent: z.string().default(""),
  feeFixed: z.string().default(""),
  bonusPercent: z.string().default(""),
  minDeposit: z.string().default(""),
  maxDeposit: z.string().default(""),
  ...Object.fromEntries(FIELD_NAMES.map((name) => [name, z.string().optional()])),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, "content.manage");
  const db = shopDatabase(context);
  return { gateways: await readGatewaySetupViews(db), codeNeeded: await codeNeeded(db, staff) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, "content.manage");
  const db = shopDatabase(context);
  const sent = await readForm(request, [setupForm, SECOND_FACTOR_CODE_FIELD]);
  const parsed = setupForm.safeParse(sent);
  if (!parsed.success) {
    return data(
      {
        ok: false,
        notice: { title: GATEWAY_SETUP_TEXT.saveFailed, message: "Reload the page and try again." },
      },
      { status: 400 },
    );
  }
  const { intent, gateway } = parsed.data;
  if (intent === "test-connection") {
    const result = await testGatewayConnection(await readGatewaySetup(db, gateway));
    const title = result.connected ? "Connection successful" : "Connection failed";
    return data({ ok: result.connected, gateway, notice: { title, message: result.message } });
  }
  // Where the shop's money goes is set here: a save asks for a recent code (product rules 15.35, 16.36).
  const { refused } = await confirmSensitiveForm(db, request, staff, sent);
  if (refused) {
    const answer = refusalAnswer(refused);
    return data({ ...answer.body, gateway }, answer.init);
  }
  const { enabled, feePercent, feeFixed, bonusPercent, minDeposit, maxDeposit } = parsed.data;
  const fields = Object.fromEntries(FIELD_NAMES.map((name) => [name, sent[name]]));
  const saved = await saveGatewaySetup(db, {
    adminId: staff.id,
    form: {
      gateway,
      enabled: enabled === "on",
      fields,
      feePercent,
      feeFixed,
      bonusPercent,
      minDeposit,
      maxDeposit,
    },
  });
  if (!saved.ok) {
    const answer = refusalAnswer(saved);
    return data({ ...answer.body, gateway }, answer.init);
  }
  const what = saved.changed.length > 0 ? `Changed: ${saved.changed.join(", ")}.` : "Nothing changed.";
  return answerAdminChange(
    {
      ok: true,
      notice: { title: GATEWAY_SETUP_TEXT.saved, message: `${GATEWAY_FIELDS[gateway].title}. ${what}` },
    },
    "/admin/payments",
  );
}

/** A save's refusal names the gateway whose card shows the field errors. */
type PaymentsAnswer = ToastAnswer & { gateway?: string; fieldErrors?: Record<string, string> };

export default function AdminPaymentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const answered = actionData as PaymentsAnswer | undefined;
  useAnswerToast(answered);
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Payments</h1>
      <p className="mt-2 text-slate-600">
        The ways customers add funds. A gateway takes deposits once it is on and every field is set; keys are
        stored encrypted and never shown again.
      </p>
      {loaderData.gateways.map((setup) => (
        <GatewaySetupCard
          key={setup.gateway}
          setup={setup}
          codeNeeded={loaderData.codeNeeded}
          errors={answered?.gateway === setup.gateway ? (answered.fieldErrors ?? {}) : {}}
        />
      ))}
    </main>
  );
}
