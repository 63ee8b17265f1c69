import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { and, eq, like, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  adminAuditLog,
  bannerSettings,
  blogPosts,
  mailOutbox,
  services,
  settings,
  transactions,
  users,
} from "../../app/db/schema.ts";
import { auth } from "../../app/domain/accounts/auth.server.ts";
import { confirmEmail } from "../../app/domain/accounts/confirm-email.server.ts";
import { registerAccount } from "../../app/domain/accounts/sign-up.server.ts";
import {
  PROVIDER_CHECK_TEXT,
  testProviderConnection,
} from "../../app/domain/admin/provider-checks.server.ts";
import { UNKNOWN_FIELD_TEXT } from "../../app/domain/admin-form.ts";
import { deleteBlogPost } from "../../app/domain/blog/delete-post.server.ts";
import { findPublishedPost } from "../../app/domain/blog/find-published-post.server.ts";
import { findPostForAdmin, listPostsForAdmin } from "../../app/domain/blog/list-posts-for-admin.server.ts";
import { POST_TEXT } from "../../app/domain/blog/post-form-text.ts";
import { setPostPublished } from "../../app/domain/blog/publish-post.server.ts";
import { deleteService } from "../../app/domain/catalog/delete-service.server.ts";
import { addService } from "../../app/domain/catalog/edit-service.server.ts";
import { listPlatformServices } from "../../app/domain/catalog/list-platform-services.server.ts";
import { listServicesForAdmin } from "../../app/domain/catalog/list-services-for-admin.server.ts";
import { SERVICE_TEXT } from "../../app/domain/catalog/service-form-text.ts";
import {
  DEFAULT_BANNER,
  readActiveBanner,
  readBannerSettings,
} from "../../app/domain/content/banner.server.ts";
import { BANNER_TEXT } from "../../app/domain/content/banner-form-text.ts";
import { ORDER_TEXT } from "../../app/domain/orders/messages.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { maximumDepositText, minimumDepositText } from "../../app/domain/payments/deposit-limit-text.ts";
import { startDeposit } from "../../app/domain/payments/start-deposit.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { readSettings } from "../../app/domain/settings/read-settings.server.ts";
import { SETTINGS_TEXT } from "../../app/domain/settings/settings-form-text.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { creditNewUserBonus } from "../../app/domain/wallet/credit-new-user-bonus.server.ts";
import { saveBannerFromForm } from "../../app/routes/admin.banner/save-banner-from-form.server.ts";
import { saveBlogPostFromForm } from "../../app/routes/admin.blog/save-post-from-form.server.ts";
import { saveServiceFromForm } from "../../app/routes/admin.services/save-service-from-form.server.ts";
import { saveSettingsFromForm } from "../../app/routes/admin.settings/save-settings-from-form.server.ts";
import { balanceOf, createUser, serviceBySlug } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// resetDatabase also empties settings and the banner (their updated_by_admin_id references users, so the
// truncate cascades): each test starts from the default settings. Services and posts survive it, so this file
// names its own and deletes them.
const PREFIX = "Admin Content Test";

beforeEach(resetDatabase);
afterEach(async () => {
  expect(await findLedgerMismatches(db())).toEqual([]);
  await resetDatabase();
  await db()
    .delete(services)
    .where(like(services.name, `${PREFIX}%`));
  await db()
    .delete(blogPosts)
    .where(like(blogPosts.title, `${PREFIX}%`));
});

function serviceForm(fields: Record<string, string> = {}) {
  return {
    name: `${PREFIX} Likes ${randomUUID().slice(0, 8)}`,
    platform: "threads",
    serviceType: "one_time",
    targetKind: "profile",
    pricePer1000: "4",
    minQuantity: "100",
    maxQuantity: "5000",
    description: "Likes for tests",
    features: " Fast start, , Real accounts ,",
    enabled: "on",
    ...fields,
  };
}

async function auditActions(subjectId: string): Promise<string[]> {
  const rows = await db()
    .select({ action: adminAuditLog.action })
    .from(adminAuditLog)
    .where(eq(adminAuditLog.subjectId, subjectId))
    .orderBy(adminAuditLog.id);
  return rows.map((row) => row.action);
}

describe("admin services", () => {
  it("refuses min above max, a negative or over-precise price and a second service with the same slug", async () => {
    const admin = await createUser();
    const before = await db().$count(services);

    const minAboveMax = await saveServiceFromForm(db(), {
      adminId: admin.id,
      form: serviceForm({ minQuantity: "500", maxQuantity: "100" }),
    });
    expect(minAboveMax).toMatchObject({ ok: false, fieldErrors: { maxQuantity: SERVICE_TEXT.minAboveMax } });
    expect(minAboveMax).toMatchObject({
      kind: "invalid",
      title: "Error",
      message: `Failed to create service: ${SERVICE_TEXT.minAboveMax}`,
    });
    for (const price of ["-1", "1.23456", "abc", ""]) {
      const refused = await saveServiceFromForm(db(), {
        adminId: admin.id,
        form: serviceForm({ pricePer1000: price }),
      });
      expect(refused, price).toMatchObject({
        ok: false,
        fieldErrors: { pricePer1000: SERVICE_TEXT.badPrice },
      });
    }
    const badPosts = await saveServiceFromForm(db(), {
      adminId: admin.id,
      form: serviceForm({ serviceType: "auto", defaultPosts: "101" }),
    });
    expect(badPosts).toMatchObject({
      ok: false,
      fieldErrors: { defaultPosts: SERVICE_TEXT.badDefaultPosts },
    });
    expect(await db().$count(services)).toBe(before);

    const name = `${PREFIX} Unique Name`;
    const created = await saveServiceFromForm(db(), {
      adminId: admin.id,
      form: serviceForm({ name, defaultPosts: "10" }),
    });
    expect(created.ok).toBe(true);
    const [row] = await db().select().from(services).where(eq(services.name, name));
    expect(row).toMatchObject({
      slug: "admin-content-test-unique-name",
      pricePer1000: "4.0000",
      features: ["Fast start", "Real accounts"],
      // Default posts belong to auto services only.
      defaultPosts: null,
      enabled: true,
    });
    const sameSlug = await saveServiceFromForm(db(), {
      adminId: admin.id,
      form: serviceForm({ name: `${PREFIX.toUpperCase()} unique  name!` }),
    });
    expect(sameSlug).toMatchObject({ ok: false, fieldErrors: { name: SERVICE_TEXT.nameTaken } });
    expect(await db().$count(services)).toBe(before + 1);
    expect(await auditActions(row!.id)).toEqual(["service.create"]);
    // The admin list shows disabled services too.
    await saveServiceFromForm(db(), {
      adminId: admin.id,
      serviceId: row!.id,
      form: serviceForm({ name, enabled: "" }),
    });
    const listed = (await listServicesForAdmin(db(), { q: name })).rows.find(
      (service) => service.id === row!.id,
    );
    expect(listed?.enabled).toBe(false);
  });

  it("lists services 50 a page, searched by name, address or platform", async () => {
    const admin = await createUser();
    const marker = randomUUID().slice(0, 8);
    for (let index = 0; index < 60; index++) {
      const saved = await saveServiceFromForm(db(), {
        adminId: admin.id,
        form: serviceForm({ name: `${PREFIX} Paged ${marker} ${String(index).padStart(2, "0")}` }),
      });
      expect(saved.ok).toBe(true);
    }
    const first = await listServicesForAdmin(db(), { q: `paged ${marker}` });
    expect(first).toMatchObject({ total: 60, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(50);
    const second = await listServicesForAdmin(db(), { q: `Paged ${marker}`, page: 2 });
    expect(second.rows).toHaveLength(10);
    // Past the last page: the last page.
    expect(await listServicesForAdmin(db(), { q: `Paged ${marker}`, page: 99 })).toMatchObject({ page: 2 });
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(60);
    // By platform, and a search that holds LIKE's wildcards finds only what it says.
    const threads = await listServicesForAdmin(db(), { q: "threads" });
    expect(threads.total).toBeGreaterThanOrEqual(60);
    expect((await listServicesForAdmin(db(), { q: "%_" })).total).toBe(0);
    expect((await listServicesForAdmin(db())).rows).toHaveLength(50);
  });

  it("sets a service's order type and drip-feed (docs/decisions/021), only where they apply", async () => {
    const admin = await createUser();
    const name = `${PREFIX} Drip ${randomUUID().slice(0, 8)}`;
    const created = await saveServiceFromForm(db(), {
      adminId: admin.id,
      form: serviceForm({ name, dripfeed: "on" }),
    });
    if (!created.ok) throw new Error(created.message);
    const listed = async () =>
      (await listServicesForAdmin(db(), { q: name })).rows.find((service) => service.id === created.id);
    expect(await listed()).toMatchObject({ orderType: "default", dripfeed: true });
    // Custom comments take no drip-feed; an auto service neither (the services_dripfeed_default_one_time check).
    await saveServiceFromForm(db(), {
      adminId: admin.id,
      serviceId: created.id,
      form: serviceForm({ name, orderType: "custom_comments", dripfeed: "on" }),
    });
    expect(await listed()).toMatchObject({ orderType: "custom_comments", dripfeed: false });
    await saveServiceFromForm(db(), {
      adminId: admin.id,
      serviceId: created.id,
      form: serviceForm({ name, serviceType: "auto", orderType: "custom_comments", dripfeed: "on" }),
    });
    expect(await listed()).toMatchObject({ orderType: "default", dripfeed: false });
    const refused = await saveServiceFromForm(db(), {
      adminId: admin.id,
      serviceId: created.id,
      form: serviceForm({ name, orderType: "poll" }),
    });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { orderType: "Choose an order type." } });
  });

  it("makes a Package (docs/decisions/037): one unit at its price, its limits 1 and 1, never other limits", async () => {
    const admin = await createUser();
    const name = `${PREFIX} Package ${randomUUID().slice(0, 8)}`;
    const wrongLimits = await saveServiceFromForm(db(), {
      adminId: admin.id,
      form: serviceForm({ name, orderType: "package", pricePer1000: "7.95" }),
    });
    expect(wrongLimits).toMatchObject({
      ok: false,
      fieldErrors: { minQuantity: SERVICE_TEXT.packageLimits, maxQuantity: SERVICE_TEXT.packageLimits },
    });
    const created = await saveServiceFromForm(db(), {
      adminId: admin.id,
      form: serviceForm({
        name,
        orderType: "package",
        pricePer1000: "7.95",
        minQuantity: "1",
        maxQuantity: "1",
        dripfeed: "on",
      }),
    });
    if (!created.ok || !created.id) throw new Error("the package was not created");
    const packageId = created.id;
    const listed = (await listServicesForAdmin(db(), { q: name })).rows.find(
      (service) => service.id === packageId,
    );
    expect(listed).toMatchObject({
      orderType: "package",
      pricePer1000: "7.9500",
      minQuantity: 1,
      maxQuantity: 1,
      dripfeed: false,
    });
    // An import adds services through addService: a Package with other limits, or an auto one, is refused there.
    const [template] = await db().select().from(services).where(eq(services.id, packageId));
    const {
      id: _id,
      apiId: _apiId,
      slug: _slug,
      createdAt: _created,
      updatedAt: _updated,
      ...fields
    } = template!;
    for (const wrong of [{ maxQuantity: 10 }, { serviceType: "auto" as const }])
      expect(
        await addService(db(), { ...fields, ...wrong, slug: `${PREFIX}-${randomUUID()}` }),
      ).toMatchObject({
        ok: false,
        message: SERVICE_TEXT.packageLimits,
      });
    // And the database holds the rule whatever the code above it does (services_package_one_unit).
    await expect(
      db()
        .insert(services)
        .values({ ...fields, minQuantity: 1, maxQuantity: 2, slug: `${PREFIX}-${randomUUID()}` }),
    ).rejects.toThrow();
    // A customer pays the package's price for one package.
    const customer = await createUser({ fundsCents: 1_000 });
    const placed = await placeOrder(db(), {
      userId: customer.id,
      serviceId: packageId,
      quantity: 1,
      targetLink: "https://www.threads.net/@boostly",
      deliverySpeed: "normal",
    });
    expect(placed).toMatchObject({ ok: true, order: { totalCents: 795 } });
    const twice = await placeOrder(db(), {
      userId: customer.id,
      serviceId: packageId,
      quantity: 2,
      targetLink: "https://www.threads.net/@boostly",
      deliverySpeed: "normal",
    });
    expect(twice).toMatchObject({
      ok: false,
      message: "A package is ordered one at a time: its quantity is 1.",
    });
  });

  it("charges and lists a new price as soon as the admin saves it", async () => {
    const admin = await createUser();
    const customer = await createUser({ fundsCents: 10_000 });
    const created = await saveServiceFromForm(db(), { adminId: admin.id, form: serviceForm() });
    const serviceId = created.ok ? created.id! : "";
    const form = serviceForm({ pricePer1000: "12.5" });
    const updated = await saveServiceFromForm(db(), { adminId: admin.id, serviceId, form });
    expect(updated).toMatchObject({ ok: true, notice: { title: SERVICE_TEXT.serviceUpdated } });

    const listed = (await listPlatformServices(db(), "threads")).find((service) => service.id === serviceId);
    expect(listed?.pricePer1000).toBe("12.5000");
    const order = await placeOrder(db(), {
      userId: customer.id,
      serviceId,
      quantity: 1_000,
      targetLink: "https://www.threads.net/@boostly",
      deliverySpeed: "normal",
    });
    expect(order.ok && order.order.totalCents).toBe(1_250);
    expect(await balanceOf(customer.id)).toBe(8_750);
    const [audit] = await db()
      .select({ details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.subjectId, serviceId), eq(adminAuditLog.action, "service.update")));
    expect(audit?.details).toMatchObject({ price_per_1000: { from: "4.0000", to: "12.5" } });

    // Saved again as it is, the price typed as "12.50": nothing changed, so no audit row; a new price alone is
    // recorded alone.
    const audits = () =>
      db()
        .select({ details: adminAuditLog.details })
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.subjectId, serviceId), eq(adminAuditLog.action, "service.update")));
    expect(
      await saveServiceFromForm(db(), {
        adminId: admin.id,
        serviceId,
        form: { ...form, pricePer1000: "12.50" },
      }),
    ).toMatchObject({ ok: true });
    expect(await audits()).toHaveLength(1);
    await saveServiceFromForm(db(), { adminId: admin.id, serviceId, form: { ...form, pricePer1000: "13" } });
    const recorded = await audits();
    expect(recorded).toHaveLength(2);
    expect(recorded.map((row) => row.details)).toContainEqual({
      price_per_1000: { from: "12.5000", to: "13" },
    });
  });

  it("disables a service that has orders instead of deleting it, and deletes an unused one", async () => {
    const admin = await createUser();
    const customer = await createUser({ fundsCents: 1_000 });
    const used = await saveServiceFromForm(db(), { adminId: admin.id, form: serviceForm() });
    const unused = await saveServiceFromForm(db(), { adminId: admin.id, form: serviceForm() });
    const usedId = used.ok ? used.id! : "";
    const unusedId = unused.ok ? unused.id! : "";
    const order = await placeOrder(db(), {
      userId: customer.id,
      serviceId: usedId,
      quantity: 100,
      targetLink: "https://www.threads.net/@boostly",
      deliverySpeed: "normal",
    });
    expect(order.ok).toBe(true);

    const disabled = await deleteService(db(), { adminId: admin.id, serviceId: usedId });
    expect(disabled).toMatchObject({
      ok: true,
      outcome: "disabled",
      notice: { title: SERVICE_TEXT.serviceDisabled, message: SERVICE_TEXT.serviceInUse },
    });
    const [kept] = await db()
      .select({ enabled: services.enabled })
      .from(services)
      .where(eq(services.id, usedId));
    expect(kept).toEqual({ enabled: false });
    expect((await listPlatformServices(db(), "threads")).some((service) => service.id === usedId)).toBe(
      false,
    );
    expect(await auditActions(usedId)).toEqual(["service.create", "service.disable"]);

    const deleted = await deleteService(db(), { adminId: admin.id, serviceId: unusedId });
    expect(deleted).toMatchObject({
      ok: true,
      outcome: "deleted",
      notice: { title: SERVICE_TEXT.serviceDeleted },
    });
    expect(await db().$count(services, eq(services.id, unusedId))).toBe(0);
    expect(await auditActions(unusedId)).toEqual(["service.create", "service.delete"]);
    const again = await deleteService(db(), { adminId: admin.id, serviceId: unusedId });
    expect(again.ok).toBe(false);
  });
});

describe("admin blog", () => {
  it("makes the slug from the title (unique), publishes, unpublishes and deletes", async () => {
    const admin = await createUser();
    const form = {
      title: `${PREFIX}: Grow on TikTok in 2026!`,
      excerpt: "Short",
      content: "# Hello\n\nSome **bold** text.",
      category: "TikTok",
      author: "",
      readTime: "",
    };
    const first = await saveBlogPostFromForm(db(), { adminId: admin.id, form });
    const second = await saveBlogPostFromForm(db(), { adminId: admin.id, form });
    const firstId = first.ok ? first.id! : "";
    const secondId = second.ok ? second.id! : "";
    const slugs = await db()
      .select({
        id: blogPosts.id,
        slug: blogPosts.slug,
        published: blogPosts.published,
        author: blogPosts.author,
      })
      .from(blogPosts)
      .where(like(blogPosts.title, `${PREFIX}%`));
    expect(slugs.find((post) => post.id === firstId)).toMatchObject({
      slug: "admin-content-test-grow-on-tiktok-in-2026",
      published: false,
      author: "Boostly Team",
    });
    expect(slugs.find((post) => post.id === secondId)?.slug).toBe(
      "admin-content-test-grow-on-tiktok-in-2026-2",
    );
    const taken = await saveBlogPostFromForm(db(), {
      adminId: admin.id,
      form: { ...form, slug: "admin-content-test-grow-on-tiktok-in-2026" },
    });
    expect(taken).toMatchObject({ ok: false, fieldErrors: { slug: POST_TEXT.slugTaken } });
    const unsafeImage = await saveBlogPostFromForm(db(), {
      adminId: admin.id,
      form: { ...form, featuredImage: "javascript:alert(1)" },
    });
    expect(unsafeImage).toMatchObject({ ok: false, fieldErrors: { featuredImage: POST_TEXT.badImage } });

    const slug = "admin-content-test-grow-on-tiktok-in-2026";
    expect(await findPublishedPost(db(), slug)).toBeNull();
    await setPostPublished(db(), { adminId: admin.id, postId: firstId, published: true });
    expect((await findPublishedPost(db(), slug))?.title).toBe(form.title);
    // Editing keeps the address, whatever the new title.
    await saveBlogPostFromForm(db(), {
      adminId: admin.id,
      postId: firstId,
      form: { ...form, title: `${PREFIX}: renamed`, published: "on" },
    });
    expect((await findPublishedPost(db(), slug))?.title).toBe(`${PREFIX}: renamed`);
    await setPostPublished(db(), { adminId: admin.id, postId: firstId, published: false });
    expect(await findPublishedPost(db(), slug)).toBeNull();
    const [draft] = await db().select().from(blogPosts).where(eq(blogPosts.id, firstId));
    expect(draft).toMatchObject({ published: false, publishedAt: null });

    expect((await deleteBlogPost(db(), { adminId: admin.id, postId: firstId })).ok).toBe(true);
    expect(await db().$count(blogPosts, eq(blogPosts.id, firstId))).toBe(0);
    expect(await auditActions(firstId)).toEqual([
      "blog.create",
      "blog.publish",
      "blog.update",
      "blog.unpublish",
      "blog.delete",
    ]);
  });
});

describe("admin banner", () => {
  it("shows the saved banner on the site while enabled and refuses enabling an empty one", async () => {
    const admin = await createUser();
    const empty = await saveBannerFromForm(db(), {
      adminId: admin.id,
      form: { text: " ", enabled: "on", type: "info" },
    });
    expect(empty).toMatchObject({ ok: false, fieldErrors: { text: BANNER_TEXT.bannerTextRequired } });
    await saveBannerFromForm(db(), {
      adminId: admin.id,
      form: { text: "Summer sale", enabled: "on", type: "success" },
    });
    expect(await readActiveBanner(db())).toEqual({ text: "Summer sale", type: "success" });
    await saveBannerFromForm(db(), { adminId: admin.id, form: { text: "Summer sale", type: "success" } });
    expect(await readActiveBanner(db())).toBeNull();
    const audit = await db().$count(adminAuditLog, eq(adminAuditLog.action, "banner.update"));
    expect(audit).toBe(2);
  });
});

describe("the banner row", () => {
  it("is only read when the page opens (the default, nothing written); saving makes the one row", async () => {
    // A shop whose banner was never saved (resetDatabase restores the seeded row).
    await db().delete(bannerSettings);
    expect(await readBannerSettings(db())).toEqual(DEFAULT_BANNER);
    expect(await readBannerSettings(db())).toEqual(DEFAULT_BANNER);
    expect(await db().$count(bannerSettings)).toBe(0);

    // Two first saves at once (two admins, or two servers): one row, both saves recorded against it.
    const admin = await createUser();
    const answers = await Promise.all(
      ["First", "Second"].map((text) =>
        saveBannerFromForm(db(), { adminId: admin.id, form: { text, enabled: "on", type: "info" } }),
      ),
    );
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const rows = await db().select().from(bannerSettings);
    expect(rows).toHaveLength(1);
    const audit = await db()
      .select({ subjectId: adminAuditLog.subjectId })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "banner.update"));
    expect(audit.map((row) => row.subjectId)).toEqual([rows[0]!.id, rows[0]!.id]);
    expect(await readBannerSettings(db())).toEqual({
      text: rows[0]!.bannerText,
      enabled: true,
      type: "info",
    });
  });
});

describe("admin settings", () => {
  const shop = {
    minDepositCents: "20",
    maxDepositCents: "30.50",
    newUserBonusCents: "0",
    autoOrdersEnabled: "on",
  };

  it("takes the referral bonus only in the affiliate programme's part: the shop part refuses it", async () => {
    const admin = await createUser();
    const saved = await saveSettingsFromForm(db(), {
      adminId: admin.id,
      part: "shop",
      form: { ...shop, referralBonusCents: "9" },
    });
    expect(saved).toMatchObject({
      ok: false,
      kind: "invalid",
      title: SETTINGS_TEXT.settingsSaveFailed,
      message: UNKNOWN_FIELD_TEXT,
    });
    expect((await readSettings(db())).minDepositCents).toBe(1_000);
    // Saved through its own part, tests/integration/affiliates-settings.test.ts.
    expect(await db().$count(settings, eq(settings.key, "referralBonusCents"))).toBe(0);
    expect(await auditActions("referralBonusCents")).toEqual([]);
  });

  it("saves deposit limits that the wallet's deposit then enforces, with an audit row per change", async () => {
    const admin = await createUser();
    const refused = await saveSettingsFromForm(db(), {
      adminId: admin.id,
      part: "shop",
      form: { ...shop, minDepositCents: "50" },
    });
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: { maxDepositCents: SETTINGS_TEXT.depositRange },
    });
    expect((await readSettings(db())).minDepositCents).toBe(1_000);

    const saved = await saveSettingsFromForm(db(), { adminId: admin.id, part: "shop", form: shop });
    expect(saved.ok).toBe(true);
    expect(await readSettings(db())).toMatchObject({
      minDepositCents: 2_000,
      maxDepositCents: 3_050,
      maintenanceMode: false,
    });
    const customer = await createUser();
    const tooSmall = await startDeposit(db(), { userId: customer.id, amountCents: cents(1_000) });
    expect(tooSmall).toMatchObject({
      ok: false,
      kind: "invalid",
      message: minimumDepositText(cents(2_000)),
    });
    const tooBig = await startDeposit(db(), { userId: customer.id, amountCents: cents(3_100) });
    expect(tooBig).toMatchObject({ ok: false, kind: "invalid", message: maximumDepositText(cents(3_050)) });
    expect((await startDeposit(db(), { userId: customer.id, amountCents: cents(2_500) })).ok).toBe(true);

    const audit = await db()
      .select({ key: adminAuditLog.subjectId, details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "settings.update"));
    expect(audit).toEqual(
      expect.arrayContaining([
        { key: "minDepositCents", details: { from: 1_000, to: 2_000 } },
        { key: "maxDepositCents", details: { from: 1_000_000, to: 3_050 } },
      ]),
    );
  });

  it("maintenance mode refuses new orders and deposits; page content is saved and read back", async () => {
    const admin = await createUser();
    const customer = await createUser({ fundsCents: 1_000 });
    await saveSettingsFromForm(db(), {
      adminId: admin.id,
      part: "shop",
      form: { ...shop, minDepositCents: "10", maxDepositCents: "10000", maintenanceMode: "on" },
    });
    const order = await placeOrder(db(), {
      userId: customer.id,
      serviceId: (await serviceBySlug("instagram-likes")).id,
      quantity: 100,
      targetLink: "https://www.instagram.com/p/Maintenance1/",
      deliverySpeed: "normal",
    });
    expect(order).toMatchObject({ ok: false, kind: "unavailable", ...ORDER_TEXT.maintenance });
    expect(await balanceOf(customer.id)).toBe(1_000);
    const deposit = await startDeposit(db(), { userId: customer.id, amountCents: cents(2_000) });
    expect(deposit).toMatchObject({ ok: false, kind: "unavailable" });

    const content = {
      heroTitle: "Grow faster",
      heroSubtitle: "A new subtitle",
      supportEmail: "help@shop.example",
      footerText: "Footer words",
    };
    expect((await saveSettingsFromForm(db(), { adminId: admin.id, part: "content", form: content })).ok).toBe(
      true,
    );
    expect(await readSettings(db())).toMatchObject(content);
    const badEmail = await saveSettingsFromForm(db(), {
      adminId: admin.id,
      part: "content",
      form: { ...content, supportEmail: "not-an-address" },
    });
    expect(badEmail).toMatchObject({ ok: false, fieldErrors: { supportEmail: SETTINGS_TEXT.badEmail } });
  });

  it("test connection makes a real call and reports the error, and says when a provider is not configured", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    const config = { stripeSecretKey: undefined, stripeWebhookSecret: undefined, smtpUrl: undefined };
    expect(await testProviderConnection("stripe", config)).toEqual({
      connected: false,
      message: PROVIDER_CHECK_TEXT.notConfigured,
    });
    expect(await testProviderConnection("smtp", config)).toEqual({
      connected: false,
      message: PROVIDER_CHECK_TEXT.notConfigured,
    });
    const smtp = await testProviderConnection("smtp", {
      ...config,
      smtpUrl: `smtp://127.0.0.1:${closedPort}`,
    });
    expect(smtp.connected).toBe(false);
    expect(smtp.message).toMatch(/ECONNREFUSED/);
  });
});

describe("unknown fields (product rules 10.6)", () => {
  const refusedWith = (title: string) => ({
    ok: false,
    kind: "invalid",
    title,
    message: UNKNOWN_FIELD_TEXT,
    fieldErrors: { form: UNKNOWN_FIELD_TEXT },
  });

  async function auditCount(): Promise<number> {
    return db().$count(adminAuditLog);
  }

  it("a service form with an extra field is refused with the message and writes nothing", async () => {
    const admin = await createUser();
    const existing = await saveServiceFromForm(db(), { adminId: admin.id, form: serviceForm() });
    const serviceId = existing.ok ? existing.id! : "";
    const [before] = await db().select().from(services).where(eq(services.id, serviceId));
    const servicesBefore = await db().$count(services);
    const auditBefore = await auditCount();

    const created = await saveServiceFromForm(db(), {
      adminId: admin.id,
      form: serviceForm({ sortOrder: "0" }),
    });
    expect(created).toMatchObject({
      ok: false,
      title: "Error",
      message: `Failed to create service: ${UNKNOWN_FIELD_TEXT}`,
      fieldErrors: { form: UNKNOWN_FIELD_TEXT },
    });
    const updated = await saveServiceFromForm(db(), {
      adminId: admin.id,
      serviceId,
      form: serviceForm({ name: before!.name, pricePer1000: "99", slug: "hijacked" }),
    });
    expect(updated).toMatchObject({
      ok: false,
      message: `Failed to update service: ${UNKNOWN_FIELD_TEXT}`,
    });
    expect(await db().$count(services)).toBe(servicesBefore);
    const [after] = await db().select().from(services).where(eq(services.id, serviceId));
    expect(after).toEqual(before);
    expect(await auditCount()).toBe(auditBefore);

    // What the page posts once the route takes intent and serviceId: an auto service with default posts.
    const auto = await saveServiceFromForm(db(), {
      adminId: admin.id,
      serviceId,
      form: serviceForm({ name: before!.name, serviceType: "auto", defaultPosts: "10", enabled: "on" }),
    });
    expect(auto.ok).toBe(true);
  });

  it("a blog post form with an extra field is refused with the message and writes nothing", async () => {
    const admin = await createUser();
    const form = { title: `${PREFIX}: strict`, excerpt: "E", content: "Body", category: "TikTok" };
    const existing = await saveBlogPostFromForm(db(), { adminId: admin.id, form });
    const postId = existing.ok ? existing.id! : "";
    const [before] = await db().select().from(blogPosts).where(eq(blogPosts.id, postId));
    const postsBefore = await db().$count(blogPosts);
    const auditBefore = await auditCount();

    const created = await saveBlogPostFromForm(db(), {
      adminId: admin.id,
      form: { ...form, publishedAt: "2001-01-01" },
    });
    expect(created).toMatchObject(refusedWith(POST_TEXT.postSaveFailed));
    const updated = await saveBlogPostFromForm(db(), {
      adminId: admin.id,
      postId,
      form: { ...form, title: `${PREFIX}: changed`, views: "1000" },
    });
    expect(updated).toMatchObject(refusedWith(POST_TEXT.postSaveFailed));
    expect(await db().$count(blogPosts)).toBe(postsBefore);
    const [after] = await db().select().from(blogPosts).where(eq(blogPosts.id, postId));
    expect(after).toEqual(before);
    expect(await auditCount()).toBe(auditBefore);

    // Every field the edit form posts (the read-only slug included) is still accepted.
    const edited = await saveBlogPostFromForm(db(), {
      adminId: admin.id,
      postId,
      form: {
        ...form,
        slug: before!.slug,
        author: "Ann",
        readTime: "3 min read",
        featuredImage: "/images/a.png",
        metaDescription: "M",
        metaKeywords: "k",
        published: "on",
      },
    });
    expect(edited.ok).toBe(true);
  });

  it("a banner form with an extra field is refused with the message and writes nothing", async () => {
    const admin = await createUser();
    const rowsBefore = await db().select().from(bannerSettings);
    const auditBefore = await auditCount();
    const refused = await saveBannerFromForm(db(), {
      adminId: admin.id,
      form: { text: "Sale", enabled: "on", type: "info", updatedByAdminId: admin.id },
    });
    expect(refused).toMatchObject(refusedWith(BANNER_TEXT.bannerUpdateFailed));
    expect(await db().select().from(bannerSettings)).toEqual(rowsBefore);
    expect(await auditCount()).toBe(auditBefore);
  });

  it("the settings forms with an extra field are refused with the message and write nothing", async () => {
    const admin = await createUser();
    const settingsBefore = await db().select().from(settings);
    const auditBefore = await auditCount();
    const shop = await saveSettingsFromForm(db(), {
      adminId: admin.id,
      part: "shop",
      form: { minDepositCents: "20", maxDepositCents: "30", newUserBonusCents: "1", heroTitle: "Mixed" },
    });
    expect(shop).toMatchObject(refusedWith(SETTINGS_TEXT.settingsSaveFailed));
    const content = await saveSettingsFromForm(db(), {
      adminId: admin.id,
      part: "content",
      form: {
        heroTitle: "New title",
        heroSubtitle: "Sub",
        supportEmail: "help@shop.example",
        footerText: "Foot",
        maintenanceMode: "on",
      },
    });
    expect(content).toMatchObject(refusedWith(SETTINGS_TEXT.settingsSaveFailed));
    expect(await db().select().from(settings)).toEqual(settingsBefore);
    expect(await auditCount()).toBe(auditBefore);
  });
});

describe("the admin blog list", () => {
  it("carries only the list's columns, never a post's content; the edited post is read in full", async () => {
    const admin = await createUser();
    const created = await saveBlogPostFromForm(db(), {
      adminId: admin.id,
      form: { title: `${PREFIX}: listed`, excerpt: "E", content: "# Long body", category: "TikTok" },
    });
    const postId = created.ok ? created.id! : "";
    const rows = await listPostsForAdmin(db());
    const row = rows.find((post) => post.id === postId);
    expect(row).toEqual({
      id: postId,
      slug: "admin-content-test-listed",
      title: `${PREFIX}: listed`,
      category: "TikTok",
      published: false,
      publishedAt: null,
    });
    for (const listed of rows) expect(listed).not.toHaveProperty("content");

    expect(await findPostForAdmin(db(), postId)).toMatchObject({ id: postId, content: "# Long body" });
    expect(await findPostForAdmin(db(), randomUUID())).toBeNull();
    expect(await findPostForAdmin(db(), "not-a-uuid")).toBeNull();
  });
});

describe("the new-user bonus", () => {
  async function signUpAndReadToken(email: string): Promise<string> {
    const request = new Request("http://localhost:3000/register", { method: "POST" });
    expect(await registerAccount(request, { email, password: "secret-pass-1" })).toEqual({ ok: true });
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const token = /token=([^&\s"]+)/.exec(mail!.text)?.[1];
    return decodeURIComponent(token!);
  }

  /** An admin sets the bonus (in dollars) through the shop settings form. */
  async function setNewUserBonus(dollars: string) {
    const admin = await createUser();
    await saveSettingsFromForm(db(), {
      adminId: admin.id,
      part: "shop",
      form: { minDepositCents: "10", maxDepositCents: "10000", newUserBonusCents: dollars },
    });
  }

  it("is credited once, as a bonus ledger row, when the e-mail is confirmed (twice confirmed, once paid)", async () => {
    await setNewUserBonus("5");
    const email = `bonus-${randomUUID()}@example.test`;
    const token = await signUpAndReadToken(email);
    const confirm = () =>
      confirmEmail(new Request(`http://localhost:3000/auth/confirm?token=${token}&type=signup`), token);
    expect((await confirm()).ok).toBe(true);
    expect((await confirm()).ok).toBe(false);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(await creditNewUserBonus(db(), user!.id)).toEqual({ credited: false, reason: "already_credited" });

    const rows = await db().select().from(transactions).where(eq(transactions.userId, user!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "bonus", amountCents: 500, metadata: { kind: "new_user" } });
    expect(user!.balanceCents).toBe(500);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("credits the bonus once when ten credits race for the same account", async () => {
    await setNewUserBonus("5");
    const user = await createUser();
    const results = await Promise.all(Array.from({ length: 10 }, () => creditNewUserBonus(db(), user.id)));
    expect(results.filter((result) => result.credited)).toHaveLength(1);
    const rows = await db().select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(500);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("comes with better-auth's confirmation itself; a credit that fails leaves the address unconfirmed and the link usable", async () => {
    await setNewUserBonus("5");
    const email = `bonus-retry-${randomUUID()}@example.test`;
    const token = await signUpAndReadToken(email);
    // The ledger refuses bonus rows for a moment (as a lost connection or a crash would).
    await db().execute(sql`create or replace function test_refuse_bonus() returns trigger language plpgsql
      as $$ begin raise exception 'bonus refused for this test'; end $$`);
    await db().execute(sql`create trigger test_refuse_bonus before insert on transactions for each row
      when (new.type = 'bonus') execute function test_refuse_bonus()`);
    try {
      const failed = await confirmEmail(new Request("http://localhost:3000/auth/confirm"), token).catch(
        () => ({
          ok: false,
        }),
      );
      expect(failed.ok).toBe(false);
    } finally {
      await db().execute(sql`drop trigger if exists test_refuse_bonus on transactions`);
      await db().execute(sql`drop function if exists test_refuse_bonus()`);
    }
    const [before] = await db().select().from(users).where(eq(users.email, email));
    expect(before).toMatchObject({ emailVerified: false, balanceCents: 0 });

    // The same link, now straight through better-auth (no cookie or page of ours involved): confirmed and paid.
    await auth().api.verifyEmail({ query: { token } });
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ emailVerified: true, balanceCents: 500 });
    const rows = await db().select().from(transactions).where(eq(transactions.userId, user!.id));
    expect(rows).toMatchObject([{ type: "bonus", amountCents: 500, metadata: { kind: "new_user" } }]);
  });

  it("credits nothing when the setting is 0 (the test template's value)", async () => {
    await setNewUserBonus("0");
    expect((await readSettings(db())).newUserBonusCents).toBe(0);
    const email = `nobonus-${randomUUID()}@example.test`;
    const token = await signUpAndReadToken(email);
    expect((await confirmEmail(new Request("http://localhost:3000/auth/confirm"), token)).ok).toBe(true);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user!.balanceCents).toBe(0);
    expect(await db().$count(transactions, eq(transactions.userId, user!.id))).toBe(0);
  });
});
