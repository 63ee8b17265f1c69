import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog, platforms, serviceCategories, services } from "../../app/db/schema.ts";
import { PLATFORM_TEXT, platformInUse } from "../../app/domain/catalog/platform-form-text.ts";
import { readPlatformList } from "../../app/domain/catalog/read-platform-list.server.ts";
import { SERVICE_TEXT } from "../../app/domain/catalog/service-form-text.ts";
import { readSiteFrame } from "../../app/domain/content/read-site-frame.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { listApiServices } from "../../app/domain/reseller/api-services.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { answerPlatformsPageAction } from "../../app/routes/admin.platforms/platforms-page-actions.server.ts";
import { saveServiceFromForm } from "../../app/routes/admin.services/save-service-from-form.server.ts";
import { balanceOf, createUser } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Platforms and categories are data (docs/decisions/037, 038): the operator adds Telegram with its link hosts and
// categories from /admin/platforms, sells its services, and removes what no service uses. Each form goes through
// the page's controller, as the admin page posts it.
beforeEach(resetDatabase);

type Admin = Awaited<ReturnType<typeof createUser>>;

async function post(admin: Admin, form: Record<string, string>) {
  return answerPlatformsPageAction(db(), { adminId: admin.id, form });
}

async function addTelegram(admin: Admin, fields: Record<string, string> = {}) {
  const { answer } = await post(admin, {
    intent: "create",
    slug: "telegram",
    name: "Telegram",
    linkHosts: "https://T.me/, telegram.me",
    listed: "on",
    sortOrder: "80",
    ...fields,
  });
  expect(answer).toMatchObject({ ok: true });
}

async function addCategory(admin: Admin, platform: string, name: string, sortOrder: string) {
  const { answer } = await post(admin, { intent: "add-category", slug: platform, name, sortOrder });
  if (!answer.ok) throw new Error(answer.message);
  return answer.id ?? "";
}

/** A service saved through the admin's service form, as the Services page posts it. */
async function saveService(admin: Admin, fields: Record<string, string>, serviceId?: string) {
  return saveServiceFromForm(db(), {
    adminId: admin.id,
    ...(serviceId ? { serviceId } : {}),
    form: {
      name: `Telegram Members ${randomUUID().slice(0, 8)}`,
      platform: "telegram",
      serviceType: "one_time",
      targetKind: "profile",
      pricePer1000: "3",
      minQuantity: "10",
      maxQuantity: "10000",
      enabled: "on",
      ...fields,
    },
  });
}

async function auditActions(subjectId: string): Promise<string[]> {
  const rows = await db()
    .select({ action: adminAuditLog.action })
    .from(adminAuditLog)
    .where(eq(adminAuditLog.subjectId, subjectId))
    .orderBy(adminAuditLog.id);
  return rows.map((row) => row.action);
}

describe("the operator's platforms", () => {
  it("adds a platform with its link hosts as hosts, refuses a taken or malformed address, and audits it", async () => {
    const admin = await createUser({ admin: true });
    const { backTo } = await post(admin, {
      intent: "create",
      slug: "telegram",
      name: "Telegram",
      linkHosts: "https://www.T.me/joinchat, telegram.me telegram.me",
      listed: "on",
      sortOrder: "80",
    });
    expect(backTo).toBe("/admin/platforms?edit=telegram");
    const [row] = await db().select().from(platforms).where(eq(platforms.slug, "telegram"));
    expect(row).toMatchObject({
      name: "Telegram",
      linkHosts: ["t.me", "telegram.me"],
      listed: true,
      sortOrder: 80,
    });
    expect(await auditActions("telegram")).toEqual(["platform.create"]);

    const taken = await post(admin, { intent: "create", slug: "telegram", name: "Again", sortOrder: "1" });
    expect(taken.answer).toMatchObject({
      ok: false,
      kind: "conflict",
      message: `Failed to create platform: ${PLATFORM_TEXT.slugTaken}`,
      fieldErrors: { slug: PLATFORM_TEXT.slugTaken },
    });
    for (const [field, value, message] of [
      ["slug", "Tele gram", PLATFORM_TEXT.badSlug],
      ["slug", "-telegram", PLATFORM_TEXT.badSlug],
      ["name", " ", PLATFORM_TEXT.nameRequired],
      ["linkHosts", "t.me, not a host!", PLATFORM_TEXT.badHosts],
      ["sortOrder", "-1", PLATFORM_TEXT.badSortOrder],
    ] as const) {
      const refused = await post(admin, {
        intent: "create",
        slug: "discord",
        name: "Discord",
        sortOrder: "90",
        [field]: value,
      });
      expect(refused.answer, `${field} ${value}`).toMatchObject({
        ok: false,
        fieldErrors: { [field]: message },
      });
    }
    expect(await db().$count(platforms, eq(platforms.slug, "discord"))).toBe(0);
  });

  it("edits a platform's name, hosts, listing and place; its address stays", async () => {
    const admin = await createUser({ admin: true });
    await addTelegram(admin);
    const { answer } = await post(admin, {
      intent: "update",
      slug: "telegram",
      name: "Telegram Messenger",
      linkHosts: "",
      sortOrder: "5",
    });
    expect(answer).toMatchObject({ ok: true, notice: { title: PLATFORM_TEXT.platformUpdated } });
    const [row] = await db().select().from(platforms).where(eq(platforms.slug, "telegram"));
    expect(row).toMatchObject({ name: "Telegram Messenger", linkHosts: [], listed: false, sortOrder: 5 });
    expect(await auditActions("telegram")).toEqual(["platform.create", "platform.update"]);
    const missing = await post(admin, { intent: "update", slug: "nowhere", name: "X", sortOrder: "1" });
    expect(missing.answer).toMatchObject({ ok: false, kind: "not_found" });
  });

  it("deletes a platform only when no service uses it, never 'other', and says why", async () => {
    const admin = await createUser({ admin: true });
    await addTelegram(admin);
    await addCategory(admin, "telegram", "Members", "10");
    const created = await saveService(admin, {});
    expect(created.ok).toBe(true);

    const used = await post(admin, { intent: "delete", slug: "telegram" });
    expect(used.answer).toMatchObject({
      ok: false,
      kind: "conflict",
      message: `Failed to delete platform: ${platformInUse(1)}`,
    });
    expect(platformInUse(1)).toBe(
      "1 service uses this platform: move it to another platform or delete it first.",
    );
    const instagram = await post(admin, { intent: "delete", slug: "instagram" });
    expect(instagram.answer).toMatchObject({
      ok: false,
      message: expect.stringMatching(/services use this platform/),
    });
    const other = await post(admin, { intent: "delete", slug: "other" });
    expect(other.answer).toMatchObject({
      ok: false,
      message: `Failed to delete platform: ${PLATFORM_TEXT.otherKept}`,
    });

    await db().delete(services).where(eq(services.platform, "telegram"));
    const deleted = await post(admin, { intent: "delete", slug: "telegram" });
    expect(deleted.answer).toMatchObject({ ok: true, notice: { title: PLATFORM_TEXT.platformDeleted } });
    expect(await db().$count(platforms, eq(platforms.slug, "telegram"))).toBe(0);
    expect(await db().$count(serviceCategories, eq(serviceCategories.platform, "telegram"))).toBe(0);
    expect(await auditActions("telegram")).toEqual(["platform.create", "platform.delete"]);
  });

  it("adds, renames, reorders and deletes a platform's categories; a deleted one leaves its services ungrouped", async () => {
    const admin = await createUser({ admin: true });
    await addTelegram(admin);
    const members = await addCategory(admin, "telegram", "Members", "20");
    const views = await addCategory(admin, "telegram", "Views", "10");
    const duplicate = await post(admin, {
      intent: "add-category",
      slug: "telegram",
      name: "Views",
      sortOrder: "30",
    });
    expect(duplicate.answer).toMatchObject({
      ok: false,
      fieldErrors: { name: PLATFORM_TEXT.categoryNameTaken },
    });
    // The same name on another platform is another category.
    await addCategory(admin, "instagram", "Views", "10");

    const service = await saveService(admin, { categoryId: members });
    if (!service.ok) throw new Error(service.message);
    const renamed = await post(admin, {
      intent: "save-category",
      slug: "telegram",
      categoryId: members,
      name: "Subscribers",
      sortOrder: "5",
    });
    expect(renamed).toMatchObject({ answer: { ok: true }, backTo: "/admin/platforms?edit=telegram" });
    const list = await readPlatformList(db(), "telegram");
    expect(list?.sections.map((section) => [section.name, section.services.map((item) => item.id)])).toEqual([
      ["Subscribers", [service.id]],
    ]);

    const deleted = await post(admin, {
      intent: "delete-category",
      slug: "telegram",
      categoryId: members,
    });
    expect(deleted.answer).toMatchObject({
      ok: true,
      notice: {
        title: PLATFORM_TEXT.categoryDeleted,
        message: "Subscribers: its service is now in no category.",
      },
    });
    const [kept] = await db().select().from(services).where(eq(services.id, service.id!));
    expect(kept).toMatchObject({ platform: "telegram", categoryId: null, enabled: true });
    expect(await auditActions(members)).toEqual(["category.create", "category.update", "category.delete"]);
    expect(await auditActions(views)).toEqual(["category.create"]);
  });
});

describe("a service's platform and category in the service form", () => {
  it("keeps the platform a service has, 'other' and the operator's included, when saved unchanged", async () => {
    const admin = await createUser({ admin: true });
    await addTelegram(admin);
    for (const platform of ["other", "telegram"]) {
      const name = `Imported ${platform} ${randomUUID().slice(0, 8)}`;
      const created = await saveService(admin, { name, platform, enabled: "" });
      if (!created.ok) throw new Error(created.message);
      // The edit form as it comes back with only Enabled ticked.
      const saved = await saveService(admin, { name, platform, enabled: "on" }, created.id);
      expect(saved).toMatchObject({ ok: true });
      const [row] = await db().select().from(services).where(eq(services.id, created.id!));
      expect(row).toMatchObject({ platform, enabled: true });
    }
  });

  it("refuses a platform that does not exist and a category of another platform", async () => {
    const admin = await createUser({ admin: true });
    await addTelegram(admin);
    const instagramViews = await addCategory(admin, "instagram", "Views", "10");
    const unknown = await saveService(admin, { platform: "myspace" });
    expect(unknown).toMatchObject({ ok: false, fieldErrors: { platform: SERVICE_TEXT.unknownPlatform } });
    const elsewhere = await saveService(admin, { categoryId: instagramViews });
    expect(elsewhere).toMatchObject({ ok: false, fieldErrors: { categoryId: SERVICE_TEXT.unknownCategory } });
    const malformed = await saveService(admin, { categoryId: "not-an-id" });
    expect(malformed).toMatchObject({ ok: false, fieldErrors: { categoryId: SERVICE_TEXT.unknownCategory } });
    expect(await db().$count(services, eq(services.platform, "telegram"))).toBe(0);
  });
});

describe("selling on a platform the operator added", () => {
  it("checks an order's link against the platform's hosts, and any link on a platform with none", async () => {
    const admin = await createUser({ admin: true });
    const customer = await createUser({ fundsCents: 1_000 });
    await addTelegram(admin);
    const created = await saveService(admin, {});
    if (!created.ok) throw new Error(created.message);
    const order = (targetLink: string) =>
      placeOrder(db(), {
        userId: customer.id,
        serviceId: created.id!,
        quantity: 100,
        targetLink,
        deliverySpeed: "normal",
      });

    expect(await order("https://www.instagram.com/p/C0ffeeBean12/")).toMatchObject({
      ok: false,
      kind: "invalid",
      title: "Invalid Link",
      message: "Please enter a valid Telegram link",
      field: "targetLink",
    });
    expect(await balanceOf(customer.id)).toBe(1_000);
    expect(await order("https://t.me/boostly_channel")).toMatchObject({
      ok: true,
      order: { totalCents: 30 },
    });
    expect(await order("telegram.me/boostly_channel")).toMatchObject({ ok: true });

    // Any link once the operator removes its hosts (a link refused on a cached read is checked again, fresh).
    await post(admin, {
      intent: "update",
      slug: "telegram",
      name: "Telegram",
      linkHosts: "",
      sortOrder: "80",
    });
    const anywhere = await placeOrder(db(), {
      userId: customer.id,
      serviceId: created.id!,
      quantity: 100,
      targetLink: "https://example.com/group",
      deliverySpeed: "normal",
    });
    expect(anywhere.ok || anywhere.message).toBe(true);
    expect(await balanceOf(customer.id)).toBe(910);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("lists it in the menus while listed, with its services grouped by category, and in the API", async () => {
    const admin = await createUser({ admin: true });
    await addTelegram(admin);
    const members = await addCategory(admin, "telegram", "Members", "20");
    const views = await addCategory(admin, "telegram", "Views", "10");
    await addCategory(admin, "telegram", "Empty", "30");
    const grouped = await saveService(admin, { name: "Telegram Members", categoryId: members });
    const viewed = await saveService(admin, { name: "Telegram Post Views", categoryId: views });
    const loose = await saveService(admin, { name: "Telegram Reactions" });
    if (!grouped.ok || !viewed.ok || !loose.ok) throw new Error("not saved");

    expect((await readSiteFrame(db())).platforms.at(-1)).toEqual({ slug: "telegram", name: "Telegram" });
    const list = await readPlatformList(db(), "telegram");
    expect(list).toMatchObject({ platform: { slug: "telegram", name: "Telegram" } });
    expect(list?.ungrouped.map((service) => service.name)).toEqual(["Telegram Reactions"]);
    expect(
      list?.sections.map((section) => [section.name, section.services.map((item) => item.name)]),
    ).toEqual([
      ["Views", ["Telegram Post Views"]],
      ["Members", ["Telegram Members"]],
    ]);

    const api = await listApiServices(db());
    const category = (id: string) => api.find((entry) => entry.service === apiIds.get(id))?.category;
    const rows = await db()
      .select({ id: services.id, apiId: services.apiId })
      .from(services)
      .where(eq(services.platform, "telegram"));
    const apiIds = new Map(rows.map((row) => [row.id, row.apiId]));
    expect(category(grouped.id!)).toBe("Telegram Members");
    expect(category(viewed.id!)).toBe("Telegram Views");
    expect(category(loose.id!)).toBe("Telegram");

    await post(admin, {
      intent: "update",
      slug: "telegram",
      name: "Telegram",
      linkHosts: "t.me",
      sortOrder: "80",
    });
    expect((await readSiteFrame(db())).platforms.map((platform) => platform.slug)).not.toContain("telegram");
    expect(await readPlatformList(db(), "telegram")).toBeNull();
    expect(await readPlatformList(db(), "other")).toBeNull();
    expect(await db().$count(serviceCategories, eq(serviceCategories.platform, "telegram"))).toBe(3);
  });
});
