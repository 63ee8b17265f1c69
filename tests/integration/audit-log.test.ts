import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog } from "../../app/db/schema.ts";
import {
  AUDIT_PAGE_SIZE,
  type AuditFilter,
  readAuditLog,
} from "../../app/domain/admin/read-audit-log.server.ts";
import { blogPostForm } from "../../app/domain/blog/post-form.ts";
import { saveBlogPost } from "../../app/domain/blog/save-post.server.ts";
import { categoryForm, platformForm } from "../../app/domain/catalog/platform-form.ts";
import { savePlatform } from "../../app/domain/catalog/save-platform.server.ts";
import { saveServiceCategory } from "../../app/domain/catalog/save-service-category.server.ts";
import { saveBanner } from "../../app/domain/content/save-banner.server.ts";
import { createUser } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// The audit log as an admin reads it (product rules 2.9): newest first, filtered by admin, action, object and day.

beforeEach(resetDatabase);

const NONE: AuditFilter = { admin: "", action: "", subject: "", from: null, to: null };

describe("the audit log", () => {
  it("reads newest first, 50 a page, by admin e-mail, action, object and UTC days", async () => {
    const ann = await createUser({ email: `ann-${randomUUID().slice(0, 6)}@example.test`, admin: true });
    const bob = await createUser({ email: `bob-${randomUUID().slice(0, 6)}@example.test`, admin: true });
    const service = randomUUID();
    await db()
      .insert(adminAuditLog)
      .values([
        ...Array.from({ length: 55 }, (_, index) => ({
          adminId: ann.id,
          action: "service.update",
          subjectType: "service",
          subjectId: service,
          details: { price_per_1000: { from: "4.0000", to: String(5 + index) } },
          createdAt: new Date(Date.UTC(2026, 10, 20, 10, index)),
        })),
        {
          adminId: bob.id,
          action: "provider.added",
          subjectType: "provider",
          subjectId: randomUUID(),
          createdAt: new Date(Date.UTC(2026, 10, 21, 23, 59)),
        },
      ]);

    const first = await readAuditLog(db(), NONE);
    expect(first).toMatchObject({ total: 56, page: 1, pageCount: 2 });
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({ action: "provider.added", adminEmail: bob.email });
    expect(first.actions).toEqual(["provider.added", "service.update"]);
    const second = await readAuditLog(db(), NONE, 2);
    expect(second.entries).toHaveLength(6);
    expect(second.entries.at(-1)?.details).toEqual({ price_per_1000: { from: "4.0000", to: "5" } });

    expect((await readAuditLog(db(), { ...NONE, admin: bob.email.slice(0, 7).toUpperCase() })).total).toBe(1);
    expect((await readAuditLog(db(), { ...NONE, action: "service.update" })).total).toBe(55);
    expect((await readAuditLog(db(), { ...NONE, subject: service })).total).toBe(55);
    // Days are whole UTC days, both ends included.
    expect((await readAuditLog(db(), { ...NONE, from: "2026-11-21", to: "2026-11-21" })).total).toBe(1);
    expect((await readAuditLog(db(), { ...NONE, from: "2026-11-20", to: "2026-11-20" })).total).toBe(55);
    expect((await readAuditLog(db(), { ...NONE, to: "2026-11-19" })).total).toBe(0);
    // A filter's text is text: LIKE's wildcards find nothing.
    expect((await readAuditLog(db(), { ...NONE, admin: "%" })).total).toBe(0);
  });

  it("records a save only when it changes something: platforms, categories, posts and the banner", async () => {
    const admin = await createUser({ admin: true });
    const adminId = admin.id;
    const actions = async () =>
      (await readAuditLog(db(), NONE)).entries.map(({ action, details }) => ({ action, details }));

    const platform = platformForm.parse({
      slug: "telegram",
      name: "Telegram",
      linkHosts: "t.me",
      sortOrder: "9",
    });
    expect((await savePlatform(db(), { adminId, platform })).ok).toBe(true);
    expect((await savePlatform(db(), { adminId, editing: "telegram", platform })).ok).toBe(true);
    const renamed = { ...platform, name: "Telegram Messenger" };
    expect((await savePlatform(db(), { adminId, editing: "telegram", platform: renamed })).ok).toBe(true);

    const category = categoryForm.parse({ name: "Members", sortOrder: "1" });
    const created = await saveServiceCategory(db(), { adminId, platform: "telegram", category });
    if (!created.ok) throw new Error("category refused");
    const categoryId = created.id;
    await saveServiceCategory(db(), { adminId, platform: "telegram", categoryId, category });

    const post = blogPostForm.parse({
      title: "Growing on Telegram",
      category: "Trends",
      content: "Long text",
    });
    const saved = await saveBlogPost(db(), { adminId, post });
    if (!saved.ok) throw new Error("post refused");
    await saveBlogPost(db(), { adminId, postId: saved.id, post });
    await saveBlogPost(db(), { adminId, postId: saved.id, post: { ...post, content: "Longer text" } });

    const banner = { text: "Holiday sale", enabled: true, type: "info" as const };
    await saveBanner(db(), { adminId, banner });
    await saveBanner(db(), { adminId, banner });

    const log = await actions();
    const of = (prefix: string) => log.filter((entry) => entry.action.startsWith(prefix));
    expect(of("platform.update")).toEqual([
      { action: "platform.update", details: { name: { from: "Telegram", to: "Telegram Messenger" } } },
    ]);
    expect(of("category.")).toHaveLength(1);
    expect(of("blog.update")).toEqual([
      { action: "blog.update", details: { title: "Growing on Telegram", changed: ["content"] } },
    ]);
    expect(of("banner.update")).toHaveLength(1);
  });
});
