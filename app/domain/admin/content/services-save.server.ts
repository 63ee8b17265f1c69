import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server.ts";
import { services } from "../../../db/schema.ts";
import { recordAdminAction } from "../../audit/record-admin-action.server.ts";
import { addService, changeService } from "../../catalog/edit-service.server.ts";
import { serviceSlug } from "../../catalog/service-slug.ts";
import { isUuid } from "../../ids.ts";
import { issuesByField, type Refusal, type RefusalKind } from "../../refusal.ts";
import { type ContentAnswer, formRefusal } from "./answer.ts";
import { CONTENT_TEXT, serviceFailed } from "./messages.ts";
import { type ServiceInput, serviceForm } from "./services-form.ts";

type SaveInput = { adminId: string; serviceId?: string; form: Record<string, unknown> };

/** 'Failed to create/update service: {the first field's message}', each field at fault beside it. */
function refused(
  action: "create" | "update",
  fieldErrors: Record<string, string>,
  kind: RefusalKind = "invalid",
): Refusal {
  const notice = serviceFailed(action, Object.values(fieldErrors)[0] ?? "");
  return formRefusal(notice.title, fieldErrors, { kind, message: notice.message });
}

/**
 * Creates a service (slug derived from the name, unique) or updates one (its slug, the public page's
 * address, stays). A new price applies to every later order: the storefront reads prices from here.
 */
export async function saveService(db: Database, input: SaveInput): Promise<ContentAnswer> {
  const action = input.serviceId ? "update" : "create";
  const parsed = serviceForm.safeParse(input.form);
  if (!parsed.success) return refused(action, issuesByField(parsed.error));
  if (!input.serviceId) return createService(db, input.adminId, parsed.data);
  if (!isUuid(input.serviceId)) return refused("update", { form: CONTENT_TEXT.serviceNotFound }, "not_found");
  return updateService(db, input.adminId, input.serviceId, parsed.data);
}

async function createService(db: Database, adminId: string, form: ServiceInput): Promise<ContentAnswer> {
  const slug = serviceSlug(form.name);
  if (!slug) return refused("create", { name: CONTENT_TEXT.nameRequired });
  return db.transaction(async (tx) => {
    const created = await addService(tx, { ...form, slug });
    if (!created) return refused("create", { name: CONTENT_TEXT.nameTaken }, "conflict");
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
      },
    });
    return { ok: true, notice: { title: CONTENT_TEXT.serviceCreated, message: form.name }, id: created.id };
  });
}

async function updateService(
  db: Database,
  adminId: string,
  serviceId: string,
  form: ServiceInput,
): Promise<ContentAnswer> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        pricePer1000: services.pricePer1000,
        enabled: services.enabled,
        name: services.name,
        refillDays: services.refillDays,
      })
      .from(services)
      .where(eq(services.id, serviceId))
      .for("update");
    if (!before) return refused("update", { form: CONTENT_TEXT.serviceNotFound }, "not_found");
    await changeService(tx, serviceId, form);
    await recordAdminAction(tx, {
      adminId,
      action: "service.update",
      subjectType: "service",
      subjectId: serviceId,
      details: {
        name: { from: before.name, to: form.name },
        price_per_1000: { from: before.pricePer1000, to: form.pricePer1000 },
        enabled: { from: before.enabled, to: form.enabled },
        refill_days: { from: before.refillDays, to: form.refillDays },
      },
    });
    return { ok: true, notice: { title: CONTENT_TEXT.serviceUpdated, message: form.name }, id: serviceId };
  });
}
