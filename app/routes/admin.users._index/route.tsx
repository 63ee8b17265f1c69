import { ExportLink, ListPagination, SearchBox } from "../../components/admin/list-controls.tsx";
import { useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { useStaffCan } from "../../components/admin/use-staff-can.ts";
import { Card } from "../../components/ui/card.tsx";
import { readAdminUsersPage } from "../../domain/accounts/list-users-for-admin.server.ts";
import { requireAdmin, requireStaff } from "../../domain/accounts/session.server.ts";
import { readListQuery } from "../../domain/lists/read-list.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { bulkAdjustmentForm } from "../../domain/wallet/adjustment-form.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readFormWithLists } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { listUrlOf } from "../shared/bulk-form.server.ts";
import {
  codeNeeded,
  confirmSensitiveForm,
  SECOND_FACTOR_CODE_FIELD,
} from "../shared/sensitive-change.server.ts";
import type { Route } from "./+types/route";
import { answerBulkAdjustForm } from "./bulk-adjust-from-form.server.ts";
import { UsersBulkBar } from "./users-bulk-bar.tsx";

/** The id of the bulk form the rows' checkboxes belong to. */
const BULK_USERS_FORM = "bulk-users";

import { UsersTable } from "./users-table.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Users",
    description: "Every customer account, with balance and orders.",
    path: "/admin/users",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, "users.view");
  const query = readListQuery(request);
  const result = await readAdminUsersPage(shopDatabase(context), query);
  return {
    ...result,
    q: query.q ?? "",
    users: result.users.map((user) => ({ ...user, createdAt: user.createdAt.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const db = shopDatabase(context);
  const { ids, ...sent } = await readFormWithLists(
    request,
    [bulkAdjustmentForm, SECOND_FACTOR_CODE_FIELD],
    ["ids"],
  );
  // Balances moved by hand ask for a recent code at the confirmation (product rules 15.35).
  const { refused, fields: form } =
    sent.intent === "bulk-apply"
      ? await confirmSensitiveForm(db, request, admin, sent)
      : { refused: null, fields: sent };
  if (refused) return { ...refusalAnswer(refused).body, bulk: true as const };
  return answerBulkAdjustForm(db, {
    adminId: admin.id,
    form: { ...form, ids },
    listUrl: listUrlOf(request),
    codeNeeded: sent.intent === "bulk-preview" && (await codeNeeded(db, admin)),
  });
}

export default function AdminUsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { q } = loaderData;
  const preview = (actionData && "preview" in actionData ? actionData.preview : null) ?? null;
  useAnswerToast(actionData && "notice" in actionData ? actionData : null);
  const refused = actionData && "bulk" in actionData && "notice" in actionData ? actionData.notice : null;
  // Support reads the list; moving balances is for those who manage users (product rules 15.38).
  const mayChange = useStaffCan("users.manage");
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">Users</h1>
        <div className="flex flex-wrap gap-2">
          <SearchBox q={q} label="Search users by e-mail" placeholder="E-mail" />
          <ExportLink file="users" q={q} />
        </div>
      </div>
      {mayChange ? <UsersBulkBar formId={BULK_USERS_FORM} preview={preview} refused={refused} /> : null}
      <Card className="mt-6 p-0 sm:overflow-x-auto">
        <UsersTable users={loaderData.users} selectForm={mayChange ? BULK_USERS_FORM : undefined} />
      </Card>
      <ListPagination
        path="/admin/users"
        noun="users"
        page={loaderData.page}
        pageCount={loaderData.pageCount}
        total={loaderData.total}
        next={loaderData.next}
        previous={loaderData.previous}
        q={q}
      />
    </main>
  );
}
