import { and, eq, getTableColumns } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { platforms, serviceCategories, services } from "../../db/schema.ts";
import { type ChangeAnswer, formRefusal } from "../admin-form.ts";
import { changedFields, hasChanges } from "../audit/changed-fields.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import type { Refusal, RefusalKind } from "../refusal.ts";
import { addService, changeService } from "./edit-service.server.ts";
import type { ServiceInput } from "./service-form.ts";
import { SERVICE_TEXT, serviceFailed } from "./service-form-text.ts";
import { serviceSlug } from "./service-slug.ts";

/** 'Failed to create/update service: {the first field's message}', each field at fault beside it. */
export function serviceRefused(
  action: "create" | "update",
  fieldErrors: Record<string, string>,
  kind: RefusalKind = "invalid",
): Refusal {
  const notice = serviceFailed(action, Object.values(fieldErrors)[0] ?? "");
  return formRefusal(notice.title, fieldErrors, { kind, message: notice.message });
}

/**
 * Creates a service (slug derived from the name, unique), or updates the one `serviceId` names (its slug, the
 * public page's address, stays). A new price applies to every later order: the storefront reads prices from here.
 */
export async function saveService(
  db: Database,
  input: { adminId: string; serviceId?: string; service: ServiceInput },
): Promise<ChangeAnswer> {
  if (!input.serviceId) return createService(db, input.adminId, input.service);
  if (!isUuid(input.serviceId))
    return serviceRefused("update", { form: SERVICE_TEXT.serviceNotFound }, "not_found");
  return updateService(db, input.adminId, input.serviceId, input.service);
}

async function createService(db: Database, adminId: string, form: ServiceInput): Promise<ChangeAnswer> {
  const slug = serviceSlug(form.name);
  if (!slug) return serviceRefused("create", { name: SERVICE_TEXT.nameRequired });
  return db.transaction(async (tx) => {
    const misplaced = await checkPlacement(tx, form);
    if (misplaced) return serviceRefused("create", misplaced);
    const created = await addService(tx, { ...form, slug });
    if (!created.ok)
      return serviceRefused("create", { [created.field ?? "form"]: created.message }, created.kind);
    await recordAdminAction(tx, {
      adminId,
      action: "service.create",
      subjectType: "service",
      subjectId: created.id,
      details: {
        slug,
        name: form.name,
        price_per_1000: form.pricePer1000,
        enabled: form.enabled,
        refill_days: form.refillDays,
        platform: form.platform,
        category_id: form.categoryId,
      },
    });
    return { ok: true, notice: { title: SERVICE_TEXT.serviceCreated, message: form.name }, id: created.id };
  });
}

async function updateService(
  db: Database,
  adminId: string,
  serviceId: string,
  form: ServiceInput,
): Promise<ChangeAnswer> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(services).where(eq(services.id, serviceId)).for("update");
    if (!before) return serviceRefused("update", { form: SERVICE_TEXT.serviceNotFound }, "not_found");
    const misplaced = await checkPlacement(tx, form);
    if (misplaced) return serviceRefused("update", misplaced);
    const changed = changedFields(before, form, {
      same: { pricePer1000: (from, to) => Number(from) === Number(to) },
      nameOf: (key) => getTableColumns(services)[key]?.name ?? key,
    });
    // A save that changes nothing writes nothing, so the audit log holds only real changes.
    if (hasChanges(changed)) {
      await changeService(tx, serviceId, form);
      await recordAdminAction(tx, {
        adminId,
        action: "service.update",
        subjectType: "service",
        subjectId: serviceId,
        details: changed,
      });
    }
    return { ok: true, notice: { title: SERVICE_TEXT.serviceUpdated, message: form.name }, id: serviceId };
  });
}

/**
 * Why a service cannot go where the form puts it: a platform that no longer exists, or a category of another
 * platform (services keep their platform's categories only, docs/decisions/038); null when it can. The platform's
 * row is share-locked, so a platform being deleted is either gone here or waits for this service.
 */
async function checkPlacement(
  tx: Executor,
  form: Pick<ServiceInput, "platform" | "categoryId">,
): Promise<Record<string, string> | null> {
  const [platform] = await tx
    .select({ slug: platforms.slug })
    .from(platforms)
    .where(eq(platforms.slug, form.platform))
    .for("key share");
  if (!platform) return { platform: SERVICE_TEXT.unknownPlatform };
  if (form.categoryId === null) return null;
  const [category] = await tx
    .select({ id: serviceCategories.id })
    .from(serviceCategories)
    .where(and(eq(serviceCategories.id, form.categoryId), eq(serviceCategories.platform, form.platform)))
    .for("key share");
  return category ? null : { categoryId: SERVICE_TEXT.unknownCategory };
}
