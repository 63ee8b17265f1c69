import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { autoOrders, orders, services } from "../../db/schema.ts";
import { type ChangeAnswer, formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import { disableService, removeService } from "./edit-service.server.ts";
import { SERVICE_TEXT, serviceFailed } from "./service-form-text.ts";

/**
 * Deletes a service nobody ordered. A service with orders or auto orders is disabled instead (hidden from the
 * storefront, refused for new orders), since its orders and their refunds still point at it.
 */
export async function deleteService(
  db: Database,
  input: { adminId: string; serviceId: string },
): Promise<ChangeAnswer> {
  const failed = serviceFailed("delete", SERVICE_TEXT.serviceNotFound);
  const notFound = formRefusal(failed.title, {}, { kind: "not_found", message: failed.message });
  if (!isUuid(input.serviceId)) return notFound;
  return db.transaction(async (tx): Promise<ChangeAnswer> => {
    // The row lock makes a concurrent order for this service wait, so "unused" stays true until we delete.
    const [service] = await tx
      .select({ id: services.id, name: services.name, slug: services.slug })
      .from(services)
      .where(eq(services.id, input.serviceId))
      .for("update");
    if (!service) return notFound;
    const [used] = await tx
      .execute<{ used: boolean }>(sql`
      select exists (select 1 from ${orders} where ${orders.serviceId} = ${service.id})
          or exists (select 1 from ${autoOrders} where ${autoOrders.serviceId} = ${service.id}) as used`)
      .then((result) => result.rows);
    const audit = { adminId: input.adminId, subjectType: "service", subjectId: service.id };
    if (used?.used) {
      await disableService(tx, service.id);
      await recordAdminAction(tx, { ...audit, action: "service.disable", details: { reason: "has orders" } });
      return {
        ok: true,
        outcome: "disabled",
        notice: { title: SERVICE_TEXT.serviceDisabled, message: SERVICE_TEXT.serviceInUse },
      };
    }
    await removeService(tx, service.id);
    await recordAdminAction(tx, {
      ...audit,
      action: "service.delete",
      details: { name: service.name, slug: service.slug },
    });
    return {
      ok: true,
      outcome: "deleted",
      notice: { title: SERVICE_TEXT.serviceDeleted, message: service.name },
    };
  });
}
