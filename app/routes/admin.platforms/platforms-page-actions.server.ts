import { z } from "zod";
import type { ChangeAnswer } from "../../domain/admin-form.ts";
import { deletePlatform } from "../../domain/catalog/delete-platform.server.ts";
import { deleteServiceCategory } from "../../domain/catalog/delete-service-category.server.ts";
import { categoryForm, platformForm } from "../../domain/catalog/platform-form.ts";
import { platformRefused, savePlatform } from "../../domain/catalog/save-platform.server.ts";
import { categoryRefused, saveServiceCategory } from "../../domain/catalog/save-service-category.server.ts";
import { issuesByField, refuse } from "../../domain/refusal.ts";
import type { Database } from "../../lib/database-context.server.ts";

const slug = z.string().trim().min(1).max(64);
const categoryId = z.string().trim().min(1).max(64);

/** What each form of the Platforms page posts besides its fields: its intent and the platform or category. */
const pageIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("update"), slug }),
  z.object({ intent: z.literal("delete"), slug }),
  z.object({ intent: z.literal("add-category"), slug }),
  z.object({ intent: z.literal("save-category"), slug, categoryId }),
  z.object({ intent: z.literal("delete-category"), slug, categoryId }),
]);

/** Every field the Platforms page's forms send: the intents' own, the platform form's and the category form's. */
export const platformsPageForms = [pageIntent, platformForm, categoryForm] as const;

/** The Platforms page's answer to a post, and the page to go back to when the change was made. */
export type PlatformsPageAnswer = { answer: ChangeAnswer; backTo: string };

const LIST = "/admin/platforms";
const editing = (platform: string) => `${LIST}?edit=${encodeURIComponent(platform)}`;

/** The fields of one form, without the intent and the ids that say which platform or category it is about. */
function fieldsOf(form: Record<string, string>, keep: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(form).filter(([name]) => keep.includes(name)));
}

const PLATFORM_FIELDS = Object.keys(platformForm.shape);
const CATEGORY_FIELDS = Object.keys(categoryForm.shape);

/**
 * The Platforms page's posts, by intent (docs/decisions/038): each form parsed with the catalog's schema (refused
 * field by field when it does not parse), then one use case. A new platform opens its own page, to add its
 * categories; a category's change stays on its platform's page.
 */
export async function answerPlatformsPageAction(
  db: Database,
  input: { adminId: string; form: Record<string, string> },
): Promise<PlatformsPageAnswer> {
  const { adminId, form } = input;
  const intent = pageIntent.safeParse(form);
  if (!intent.success)
    return { answer: refuse("invalid", { title: "Error", message: "Unknown action." }), backTo: LIST };
  const action = intent.data;
  switch (action.intent) {
    case "create":
    case "update": {
      // An update's slug is the platform's own (the form's id): its address never changes.
      const parsed = platformForm.safeParse(fieldsOf(form, PLATFORM_FIELDS));
      if (!parsed.success)
        return { answer: platformRefused(action.intent, issuesByField(parsed.error)), backTo: LIST };
      const answer = await savePlatform(db, {
        adminId,
        ...(action.intent === "update" ? { editing: action.slug } : {}),
        platform: parsed.data,
      });
      return { answer, backTo: action.intent === "create" ? editing(parsed.data.slug) : LIST };
    }
    case "delete":
      return { answer: await deletePlatform(db, { adminId, slug: action.slug }), backTo: LIST };
    case "add-category":
    case "save-category": {
      const kind = action.intent === "add-category" ? "create" : "update";
      const parsed = categoryForm.safeParse(fieldsOf(form, CATEGORY_FIELDS));
      if (!parsed.success)
        return { answer: categoryRefused(kind, issuesByField(parsed.error)), backTo: editing(action.slug) };
      const answer = await saveServiceCategory(db, {
        adminId,
        platform: action.slug,
        ...(action.intent === "save-category" ? { categoryId: action.categoryId } : {}),
        category: parsed.data,
      });
      return { answer, backTo: editing(action.slug) };
    }
    case "delete-category":
      return {
        answer: await deleteServiceCategory(db, { adminId, categoryId: action.categoryId }),
        backTo: editing(action.slug),
      };
  }
}
