import { count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { platforms, serviceCategories, services } from "../../db/schema.ts";
import { type ChangeAnswer, formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import type { RefusalKind } from "../refusal.ts";
import { PLATFORM_TEXT, platformFailed, platformInUse } from "./platform-form-text.ts";
import { OTHER_PLATFORM } from "./platforms.ts";

function refused(message: string, kind: RefusalKind) {
  const notice = platformFailed("delete", "platform", message);
  return formRefusal(notice.title, {}, { kind, message: notice.message });
}

/**
 * Deletes a platform no service uses, with its categories (docs/decisions/038); a platform with services is refused
 * with their count (they would lose their list, their link rule and their place in the API), and so is "other",
 * where services of no platform go. Its row is locked first: a service saved onto it meanwhile waits, then finds
 * it gone.
 */
export async function deletePlatform(
  db: Database,
  input: { adminId: string; slug: string },
): Promise<ChangeAnswer> {
  if (input.slug === OTHER_PLATFORM) return refused(PLATFORM_TEXT.otherKept, "conflict");
  return db.transaction(async (tx): Promise<ChangeAnswer> => {
    const [platform] = await tx
      .select({ slug: platforms.slug, name: platforms.name })
      .from(platforms)
      .where(eq(platforms.slug, input.slug))
      .for("update");
    if (!platform) return refused(PLATFORM_TEXT.platformNotFound, "not_found");
    const [used] = await tx
      .select({ services: count() })
      .from(services)
      .where(eq(services.platform, platform.slug));
    if (used && used.services > 0) return refused(platformInUse(used.services), "conflict");
    const categories = await tx
      .delete(serviceCategories)
      .where(eq(serviceCategories.platform, platform.slug))
      .returning({ name: serviceCategories.name });
    await tx.delete(platforms).where(eq(platforms.slug, platform.slug));
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "platform.delete",
      subjectType: "platform",
      subjectId: platform.slug,
      details: { name: platform.name, categories: categories.map((category) => category.name) },
    });
    return {
      ok: true,
      outcome: "deleted",
      notice: { title: PLATFORM_TEXT.platformDeleted, message: platform.name },
    };
  });
}
