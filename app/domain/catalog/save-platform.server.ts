import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { platforms } from "../../db/schema.ts";
import { type ChangeAnswer, formRefusal } from "../admin-form.ts";
import { changedFields, hasChanges } from "../audit/changed-fields.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import type { Refusal, RefusalKind } from "../refusal.ts";
import type { PlatformInput } from "./platform-form.ts";
import { PLATFORM_TEXT, platformFailed } from "./platform-form-text.ts";

/** 'Failed to create/update platform: {the first field's message}', each field at fault beside it. */
export function platformRefused(
  action: "create" | "update",
  fieldErrors: Record<string, string>,
  kind: RefusalKind = "invalid",
): Refusal {
  const notice = platformFailed(action, "platform", Object.values(fieldErrors)[0] ?? "");
  return formRefusal(notice.title, fieldErrors, { kind, message: notice.message });
}

/**
 * Adds a platform (docs/decisions/038), or, with `editing`, changes the one whose address that is: its name, link
 * hosts, whether it is listed and its place. Its address (slug) stays once created: its list's address and its
 * services' reference. Every change moves the content version (drizzle/0020), so the next visitor page shows it.
 */
export async function savePlatform(
  db: Database,
  input: { adminId: string; editing?: string; platform: PlatformInput },
): Promise<ChangeAnswer> {
  const { platform } = input;
  const fields = {
    name: platform.name,
    linkHosts: platform.linkHosts,
    listed: platform.listed,
    sortOrder: platform.sortOrder,
  };
  const details = {
    name: platform.name,
    link_hosts: platform.linkHosts,
    listed: platform.listed,
    sort_order: platform.sortOrder,
  };
  const audit = { adminId: input.adminId, subjectType: "platform" };
  return db.transaction(async (tx): Promise<ChangeAnswer> => {
    if (input.editing === undefined) {
      const [created] = await tx
        .insert(platforms)
        .values({ slug: platform.slug, ...fields })
        .onConflictDoNothing({ target: platforms.slug })
        .returning({ slug: platforms.slug });
      if (!created) return platformRefused("create", { slug: PLATFORM_TEXT.slugTaken }, "conflict");
      await recordAdminAction(tx, { ...audit, action: "platform.create", subjectId: created.slug, details });
      return { ok: true, notice: { title: PLATFORM_TEXT.platformCreated, message: platform.name } };
    }
    const [before] = await tx
      .select({
        name: platforms.name,
        linkHosts: platforms.linkHosts,
        listed: platforms.listed,
        sortOrder: platforms.sortOrder,
      })
      .from(platforms)
      .where(eq(platforms.slug, input.editing))
      .for("update");
    if (!before) return platformRefused("update", { form: PLATFORM_TEXT.platformNotFound }, "not_found");
    const changes = changedFields(before, fields, { nameOf: (key) => getTableColumns(platforms)[key].name });
    // A save that changes nothing writes nothing (product rules 2.9).
    if (hasChanges(changes)) {
      await tx
        .update(platforms)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(platforms.slug, input.editing));
      await recordAdminAction(tx, {
        ...audit,
        action: "platform.update",
        subjectId: input.editing,
        details: changes,
      });
    }
    return { ok: true, notice: { title: PLATFORM_TEXT.platformUpdated, message: platform.name } };
  });
}
