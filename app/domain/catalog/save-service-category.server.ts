import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { platforms, serviceCategories } from "../../db/schema.ts";
import { type ChangeAnswer, formRefusal } from "../admin-form.ts";
import { changedFields, hasChanges } from "../audit/changed-fields.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import type { Refusal, RefusalKind } from "../refusal.ts";
import type { CategoryInput } from "./platform-form.ts";
import { PLATFORM_TEXT, platformFailed } from "./platform-form-text.ts";

/** 'Failed to create/update category: {the first field's message}', each field at fault beside it. */
export function categoryRefused(
  action: "create" | "update",
  fieldErrors: Record<string, string>,
  kind: RefusalKind = "invalid",
): Refusal {
  const notice = platformFailed(action, "category", Object.values(fieldErrors)[0] ?? "");
  return formRefusal(notice.title, fieldErrors, { kind, message: notice.message });
}

/**
 * Adds a category to a platform, or, with `categoryId`, renames or moves one (docs/decisions/038). A name is unique
 * on its platform (the service_categories_platform_name constraint). Services keep their category through a rename.
 */
export async function saveServiceCategory(
  db: Database,
  input: { adminId: string; platform: string; categoryId?: string; category: CategoryInput },
): Promise<ChangeAnswer> {
  const action = input.categoryId === undefined ? "create" : "update";
  const { name, sortOrder } = input.category;
  if (input.categoryId !== undefined && !isUuid(input.categoryId))
    return categoryRefused(action, { form: PLATFORM_TEXT.categoryNotFound }, "not_found");
  return db.transaction(async (tx): Promise<ChangeAnswer> => {
    const [platform] = await tx
      .select({ slug: platforms.slug })
      .from(platforms)
      .where(eq(platforms.slug, input.platform))
      .for("key share");
    if (!platform) return categoryRefused(action, { form: PLATFORM_TEXT.platformNotFound }, "not_found");
    const [taken] = await tx
      .select({ id: serviceCategories.id })
      .from(serviceCategories)
      .where(and(eq(serviceCategories.platform, platform.slug), eq(serviceCategories.name, name)));
    if (taken && taken.id !== input.categoryId)
      return categoryRefused(action, { name: PLATFORM_TEXT.categoryNameTaken }, "conflict");
    const before = input.categoryId === undefined ? undefined : await lockCategory(tx, input.categoryId);
    // Renaming to what it is already changes nothing and records nothing (product rules 2.9).
    if (
      before &&
      before.platform === platform.slug &&
      !hasChanges(changedFields(before, { name, sortOrder }))
    )
      return { ok: true, notice: { title: PLATFORM_TEXT.categoryUpdated, message: name }, id: before.id };
    const saved =
      input.categoryId === undefined
        ? await tx
            .insert(serviceCategories)
            .values({ platform: platform.slug, name, sortOrder })
            .onConflictDoNothing()
            .returning({ id: serviceCategories.id })
        : await tx
            .update(serviceCategories)
            .set({ name, sortOrder, updatedAt: sql`now()` })
            .where(
              and(eq(serviceCategories.id, input.categoryId), eq(serviceCategories.platform, platform.slug)),
            )
            .returning({ id: serviceCategories.id });
    const [category] = saved;
    if (!category)
      return input.categoryId === undefined
        ? categoryRefused(action, { name: PLATFORM_TEXT.categoryNameTaken }, "conflict")
        : categoryRefused(action, { form: PLATFORM_TEXT.categoryNotFound }, "not_found");
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: `category.${action}`,
      subjectType: "service_category",
      subjectId: category.id,
      details: {
        platform: platform.slug,
        ...(before
          ? changedFields(
              before,
              { name, sortOrder },
              { nameOf: (key) => (key === "name" ? "name" : "sort_order") },
            )
          : { name, sort_order: sortOrder }),
      },
    });
    const title = action === "create" ? PLATFORM_TEXT.categoryCreated : PLATFORM_TEXT.categoryUpdated;
    return { ok: true, notice: { title, message: name }, id: category.id };
  });
}

async function lockCategory(tx: Executor, categoryId: string) {
  const [row] = await tx
    .select({
      id: serviceCategories.id,
      platform: serviceCategories.platform,
      name: serviceCategories.name,
      sortOrder: serviceCategories.sortOrder,
    })
    .from(serviceCategories)
    .where(eq(serviceCategories.id, categoryId))
    .for("update");
  return row;
}
