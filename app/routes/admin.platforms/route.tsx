import { z } from "zod";
import { EditorPage } from "../../components/admin/content/editor-page.tsx";
import { useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { requireAdmin } from "../../domain/accounts/session.server.ts";
import { listPlatformsForAdmin } from "../../domain/catalog/list-platforms-for-admin.server.ts";
import { PLATFORM_TEXT } from "../../domain/catalog/platform-form-text.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { answerAdminChange } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";
import { CategoriesEditor } from "./categories-editor.tsx";
import { PlatformForm } from "./platform-form.tsx";
import { answerPlatformsPageAction, platformsPageForms } from "./platforms-page-actions.server.ts";
import { PlatformsTable } from "./platforms-table.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Platforms",
    description: "The platforms the shop sells for, their link rules and their categories.",
    path: "/admin/platforms",
    noindex: true,
    matches,
  });

// ?new=1 opens an empty form, ?edit={slug} the form of that platform with its categories.
const pageQuery = z.object({
  new: z.literal("1").optional().catch(undefined),
  edit: z.string().max(64).optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = pageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const platforms = await listPlatformsForAdmin(shopDatabase(context));
  const editing = query.edit ? (platforms.find((platform) => platform.slug === query.edit) ?? null) : null;
  return { platforms, editing, creating: Boolean(query.new) && !editing };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, platformsPageForms);
  const { answer, backTo } = await answerPlatformsPageAction(shopDatabase(context), {
    adminId: admin.id,
    form,
  });
  return answerAdminChange(answer.ok ? answer : refusalAnswer(answer), backTo);
}

export default function AdminPlatformsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { platforms, editing, creating } = loaderData;
  useAnswerToast(actionData);
  const errors = actionData?.fieldErrors ?? {};
  return (
    <EditorPage
      title="Platforms"
      newHref="/admin/platforms?new=1"
      newLabel="Add Platform"
      editor={
        creating || editing ? (
          <>
            <PlatformForm key={editing?.slug ?? "new"} platform={editing} errors={errors} />
            {editing ? <CategoriesEditor key={editing.slug} platform={editing} /> : null}
          </>
        ) : null
      }
    >
      <PlatformsTable platforms={platforms} emptyText={PLATFORM_TEXT.noPlatforms} />
    </EditorPage>
  );
}
