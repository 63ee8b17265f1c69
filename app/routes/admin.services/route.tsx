import { data } from "react-router";
import { z } from "zod";
import { EditorPage } from "../../components/admin/content/editor-page.tsx";
import { ExportLink, ListPagination, listHref, SearchBox } from "../../components/admin/list-controls.tsx";
import { useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { requireAdmin } from "../../domain/accounts/session.server.ts";
import { formRefusal } from "../../domain/admin-form.ts";
import { isBulkStep } from "../../domain/bulk-change.ts";
import { bulkServiceForm } from "../../domain/catalog/bulk-service-actions.ts";
import { deleteService } from "../../domain/catalog/delete-service.server.ts";
import { listPlatforms, listServiceCategories } from "../../domain/catalog/list-platforms.server.ts";
import {
  findServiceForAdmin,
  listServicesForAdmin,
} from "../../domain/catalog/list-services-for-admin.server.ts";
import { serviceForm } from "../../domain/catalog/service-form.ts";
import { SERVICE_TEXT } from "../../domain/catalog/service-form-text.ts";
import { readServiceMargins } from "../../domain/fulfilment/provider-costs.server.ts";
import { ADMIN_SEARCH_MAX_LENGTH } from "../../domain/lists/list-search.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readFormWithLists } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { answerAdminChange } from "../../lib/toast.server.ts";
import { listUrlOf } from "../shared/bulk-form.server.ts";
import type { Route } from "./+types/route";
import { answerBulkServicesForm } from "./bulk-services-from-form.server.ts";
import { saveServiceFromForm } from "./save-service-from-form.server.ts";
import { ServiceForm } from "./service-form.tsx";
import { ServicesBulkBar } from "./services-bulk-bar.tsx";
import { ServicesTable } from "./services-table.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Services",
    description: "Create, edit and delete the services of every platform.",
    path: "/admin/services",
    noindex: true,
    matches,
  });

// ?new=1 opens an empty form, ?edit={id} the form of that service; ?q= searches the list, ?page= pages it.
const pageQuery = z.object({
  new: z.literal("1").optional().catch(undefined),
  edit: z.uuid().optional().catch(undefined),
  q: z.string().max(ADMIN_SEARCH_MAX_LENGTH).catch("").default(""),
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

/** The id of the bulk form the rows' checkboxes belong to. */
const BULK_SERVICES_FORM = "bulk-services";

const intentForm = z.object({
  intent: z.enum(["create", "update", "delete"]),
  serviceId: z.string().max(64).optional(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = pageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = shopDatabase(context);
  const [list, platforms, categories, editing] = await Promise.all([
    listServicesForAdmin(db, { q: query.q, page: query.page }),
    listPlatforms(db),
    listServiceCategories(db),
    query.edit ? findServiceForAdmin(db, query.edit) : null,
  ]);
  const margins = await readServiceMargins(db, list.rows);
  return {
    list,
    q: query.q,
    margins,
    platforms: platforms.map(({ slug, name }) => ({ slug, name })),
    categories,
    editing,
    creating: Boolean(query.new) && !editing,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const { ids, ...form } = await readFormWithLists(
    request,
    [intentForm, serviceForm, bulkServiceForm],
    ["ids"],
  );
  if (isBulkStep(form.intent))
    return answerBulkServicesForm(shopDatabase(context), {
      adminId: admin.id,
      form: { ...form, ids },
      listUrl: listUrlOf(request),
    });
  const parsed = intentForm.safeParse(form);
  if (!parsed.success) {
    const refused = refusalAnswer(formRefusal("Error", {}, { message: "Unknown action." }));
    return data(refused.body, refused.init);
  }
  const { intent, serviceId } = parsed.data;
  const answer =
    intent === "delete"
      ? await deleteService(shopDatabase(context), { adminId: admin.id, serviceId: serviceId ?? "" })
      : await saveServiceFromForm(shopDatabase(context), {
          adminId: admin.id,
          serviceId: intent === "update" ? (serviceId ?? "") : undefined,
          form: Object.fromEntries(
            Object.entries(form).filter(([key]) => key !== "intent" && key !== "serviceId"),
          ),
        });
  // Back to the list: after a save, searched for the service saved (the list is paged, so it is in view);
  // after a delete, the page of the list the admin was on.
  const asked = new URL(request.url).searchParams;
  const back =
    intent === "delete"
      ? listHref("/admin/services", { q: asked.get("q") ?? "", page: Number(asked.get("page")) || undefined })
      : listHref("/admin/services", { q: String(form.name ?? "").trim() });
  return answerAdminChange(answer.ok ? answer : refusalAnswer(answer), back);
}

export default function AdminServicesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, q, margins, platforms, categories, editing, creating } = loaderData;
  const preview = (actionData && "preview" in actionData ? actionData.preview : null) ?? null;
  useAnswerToast(actionData && "notice" in actionData ? actionData : null);
  const refused = actionData && "bulk" in actionData && "notice" in actionData ? actionData.notice : null;
  const errors = actionData && "fieldErrors" in actionData ? (actionData.fieldErrors ?? {}) : {};
  return (
    <EditorPage
      title="Services"
      newHref="/admin/services?new=1"
      newLabel="Add Service"
      editor={
        creating || editing ? (
          <ServiceForm
            key={editing?.id ?? "new"}
            service={editing}
            platforms={platforms}
            categories={categories}
            errors={errors}
          />
        ) : null
      }
    >
      <div className="mb-4 flex flex-wrap justify-end gap-2">
        <SearchBox q={q} label="Search services" placeholder="Name, address or platform" />
        <ExportLink file="services" q={q} />
      </div>
      <ServicesBulkBar
        formId={BULK_SERVICES_FORM}
        platforms={platforms}
        categories={categories}
        preview={preview}
        refused={refused}
      />
      <ServicesTable
        selectForm={BULK_SERVICES_FORM}
        services={list.rows}
        margins={margins}
        platforms={platforms}
        categories={categories}
        emptyText={SERVICE_TEXT.noServices}
      />
      <ListPagination
        path="/admin/services"
        noun="services"
        page={list.page}
        pageCount={list.pageCount}
        total={list.total}
        q={q}
      />
    </EditorPage>
  );
}
