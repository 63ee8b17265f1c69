import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { SecondFactorCodeField } from "../../components/admin/second-factor-code-field.tsx";
import { useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { changeStaffRole, listStaff, STAFF_TEXT } from "../../domain/accounts/change-staff-role.server.ts";
import { ROLE_LABELS, ROLE_PERMISSIONS, STAFF_ROLES } from "../../domain/accounts/permissions.ts";
import { requireStaff } from "../../domain/accounts/session.server.ts";
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

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Staff",
    description: "Who works in the admin and what their role lets them do.",
    path: "/admin/staff",
    noindex: true,
    matches,
  });

/** role "none" takes every staff role away (product rules 15.5). */
const staffForm = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  role: z.enum([...STAFF_ROLES, "none"]),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = await requireStaff(request, "staff.manage");
  return {
    staff: await listStaff(shopDatabase(context)),
    me: owner.id,
    codeNeeded: await codeNeeded(shopDatabase(context), owner),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireStaff(request, "staff.manage");
  const sent = await readForm(request, [staffForm, SECOND_FACTOR_CODE_FIELD]);
  // A role gives or takes the admin's keys: it asks for a recent code (product rules 15.37).
  const { refused, fields } = await confirmSensitiveForm(shopDatabase(context), request, owner, sent);
  if (refused) return answerAdminChange(refusalAnswer(refused), "/admin/staff");
  const parsed = staffForm.safeParse(fields);
  if (!parsed.success)
    return answerAdminChange(
      {
        body: { ok: false, notice: { title: "Failed to save role", message: "Enter an e-mail and a role." } },
        init: {},
      },
      "/admin/staff",
    );
  const { email, role } = parsed.data;
  const answer = await changeStaffRole(shopDatabase(context), {
    ownerId: owner.id,
    email,
    role: role === "none" ? null : role,
  });
  if (!answer.ok) return answerAdminChange(refusalAnswer(answer), "/admin/staff");
  const done = answer.to ? `${email} is now ${ROLE_LABELS[answer.to]}.` : `${email} is a customer again.`;
  return answerAdminChange(
    { ok: true, notice: { title: answer.to ? STAFF_TEXT.granted : STAFF_TEXT.revoked, message: done } },
    "/admin/staff",
  );
}

const ROLE_OPTIONS = [
  ...STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
  { value: "none", label: "No role (customer)" },
];

export default function AdminStaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  useAnswerToast(actionData);
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Staff</h1>
      <p className="mt-2 text-slate-600">
        Owners manage staff; admins run the whole shop but roles; support answers tickets and reads orders and
        users.
      </p>
      <Card className="mt-6">
        <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <Input label="E-mail of the account" name="email" type="email" required />
          <Select label="Role" name="role" defaultValue="support" options={ROLE_OPTIONS} />
          <SecondFactorCodeField
            needed={loaderData.codeNeeded}
            error={
              (actionData as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors
                ?.secondFactorCode
            }
            className="sm:col-span-3"
          />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save role"}
          </Button>
        </Form>
      </Card>
      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-slate-900">Who has a role</h2>
        <ul className="mt-3 divide-y divide-slate-100" data-testid="staff-list">
          {loaderData.staff.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="break-all text-slate-900">
                {member.email}
                {member.userId === loaderData.me ? " (you)" : ""}
              </span>
              <span className="text-sm text-slate-600">
                {ROLE_LABELS[member.role]}: {ROLE_PERMISSIONS[member.role].length} permissions
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </main>
  );
}
