import { count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { serviceCategories, services } from "../../db/schema.ts";
import { type ChangeAnswer, formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import { categoryDeletedMessage, PLATFORM_TEXT, platformFailed } from "./platform-form-text.ts";

/**
 * Deletes a category (docs/decisions/038): its services stay on their platform, in no category (the foreign key
 * sets theirs to null in the same statement), and the toast says how many.
 */
export async function deleteServiceCategory(
  db: Database,
  input: { adminId: string; categoryId: string },
): Promise<ChangeAnswer> {
  const failed = platformFailed("delete", "category", PLATFORM_TEXT.categoryNotFound);
  const notFound = formRefusal(failed.title, {}, { kind: "not_found", message: failed.message });
  if (!isUuid(input.categoryId)) return notFound;
  return db.transaction(async (tx): Promise<ChangeAnswer> => {
    const [category] = await tx
      .select({
        id: serviceCategories.id,
        platform: serviceCategories.platform,
        name: serviceCategories.name,
      })
      .from(serviceCategories)
      .where(eq(serviceCategories.id, input.categoryId))
      .for("update");
    if (!category) return notFound;
    const [grouped] = await tx
      .select({ services: count() })
      .from(services)
      .where(eq(services.categoryId, category.id));
    const ungrouped = grouped?.services ?? 0;
    await tx.delete(serviceCategories).where(eq(serviceCategories.id, category.id));
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "category.delete",
      subjectType: "service_category",
      subjectId: category.id,
      details: { platform: category.platform, name: category.name, services_ungrouped: ungrouped },
    });
    return {
      ok: true,
      outcome: "deleted",
      notice: {
        title: PLATFORM_TEXT.categoryDeleted,
        message: categoryDeletedMessage(category.name, ungrouped),
      },
    };
  });
}
