import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  adminAuditLog,
  providerServices,
  serviceCategories,
  services,
  transactions,
} from "../../app/db/schema.ts";
import {
  changeServicesInBulk,
  previewBulkServiceChange,
} from "../../app/domain/admin/change-services-in-bulk.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import {
  adjustBalancesInBulk,
  previewBulkAdjustment,
} from "../../app/domain/wallet/adjust-balances-in-bulk.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { saveServiceFromForm } from "../../app/routes/admin.services/save-service-from-form.server.ts";
import { balanceOf, createUser, serviceBySlug } from "../support/factories.ts";
import { provider } from "../support/money-rows.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

async function serviceRows(ids: string[]) {
  return db().select().from(services).where(inArray(services.id, ids)).orderBy(services.name);
}

describe("bulk changes of services (product rules 14.34)", () => {
  it("enables, disables and reprices through the service save, audited, refusing a price below cost", async () => {
    const admin = await createUser({ admin: true });
    const likes = await serviceBySlug("instagram-likes");
    const views = await serviceBySlug("tiktok-views");
    const followers = await serviceBySlug("instagram-followers");
    await db()
      .insert(providerServices)
      .values({
        serviceId: followers.id,
        providerId: await provider("Upstream"),
        providerServiceId: "7",
        costPer1000: "3.0000",
      });
    const ids = [likes.id, views.id, followers.id];

    const disabled = await changeServicesInBulk(db(), {
      adminId: admin.id,
      ids,
      change: { action: "disable" },
    });
    expect(disabled.notice.message).toBe("3 services disabled.");
    expect((await serviceRows(ids)).every((row) => !row.enabled)).toBe(true);
    const again = await changeServicesInBulk(db(), {
      adminId: admin.id,
      ids: [likes.id],
      change: { action: "disable" },
    });
    expect(again.notice.message).toBe("0 services disabled, 1 refused: Instagram Likes (already disabled).");

    const preview = await previewBulkServiceChange(db(), {
      ids,
      change: { action: "price", pricePer1000: "2.5" },
    });
    expect(preview.question).toBe("Set the price of 2 services to $2.50?");
    expect(preview.details).toEqual([`${followers.name} will not change (below its cost of $3.00).`]);
    const priced = await changeServicesInBulk(db(), {
      adminId: admin.id,
      ids,
      change: { action: "price", pricePer1000: "2.5" },
    });
    expect(priced.notice.message).toBe(
      `2 services repriced, 1 refused: ${followers.name} (below its cost of $3.00).`,
    );
    const after = new Map((await serviceRows(ids)).map((row) => [row.id, row.pricePer1000]));
    expect(after.get(likes.id)).toBe("2.5000");
    expect(after.get(views.id)).toBe("2.5000");
    expect(after.get(followers.id)).toBe(followers.pricePer1000);
    // The service form's own save refuses the same price beside the field, and takes one above the cost.
    const single = (pricePer1000: string) =>
      saveServiceFromForm(db(), {
        adminId: admin.id,
        serviceId: followers.id,
        form: {
          name: followers.name,
          platform: followers.platform,
          serviceType: "one_time",
          targetKind: followers.targetKind,
          pricePer1000,
          minQuantity: String(followers.minQuantity),
          maxQuantity: String(followers.maxQuantity),
          enabled: "on",
        },
      });
    expect(await single("2.5")).toMatchObject({
      ok: false,
      fieldErrors: { pricePer1000: "The price is below its cost of $3.00." },
    });
    expect((await serviceRows([followers.id]))[0]?.pricePer1000).toBe(followers.pricePer1000);
    expect((await single("3.5")).ok).toBe(true);
    expect((await serviceRows([followers.id]))[0]?.pricePer1000).toBe("3.5000");

    const audit = await db()
      .select({ action: adminAuditLog.action, details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.subjectId, likes.id), eq(adminAuditLog.adminId, admin.id)))
      .orderBy(adminAuditLog.id);
    expect(audit).toEqual([
      { action: "service.update", details: { enabled: { from: true, to: false } } },
      { action: "service.update", details: { price_per_1000: { from: likes.pricePer1000, to: "2.5" } } },
    ]);
  });

  it("moves services into a category of their own platform and refuses another platform's", async () => {
    const admin = await createUser({ admin: true });
    const likes = await serviceBySlug("instagram-likes");
    const views = await serviceBySlug("tiktok-views");
    const [category] = await db()
      .insert(serviceCategories)
      .values({ platform: "instagram", name: `Best ${randomUUID().slice(0, 6)}` })
      .returning();
    const result = await changeServicesInBulk(db(), {
      adminId: admin.id,
      ids: [likes.id, views.id],
      change: { action: "category", categoryId: category!.id },
    });
    expect(result.notice.message).toBe(
      "1 service moved, 1 refused: TikTok Views (the category is another platform's).",
    );
    expect((await serviceBySlug("instagram-likes")).categoryId).toBe(category!.id);
    expect((await serviceBySlug("tiktok-views")).categoryId).toBe(views.categoryId);
  });
});

describe("bulk balance adjustments (product rules 14.35)", () => {
  it("credits each user once through adjustBalance, each row audited with its kind and reason", async () => {
    const admin = await createUser({ admin: true });
    const users = [await createUser(), await createUser({ fundsCents: 100 }), await createUser()];
    const ids = users.map((user) => user.id);
    const input = {
      ids,
      kind: "goodwill" as const,
      direction: "credit" as const,
      amountCents: cents(500),
      reason: "Outage apology",
    };
    const preview = await previewBulkAdjustment(db(), input);
    expect(preview.question).toBe("Credit $5.00 (Goodwill credit) to 3 users? $15.00 in all.");
    const result = await adjustBalancesInBulk(db(), { ...input, adminId: admin.id });
    expect(result.notice.message).toBe("3 users credited. $15.00 in all.");
    expect(await Promise.all(ids.map(balanceOf))).toEqual([500, 600, 500]);
    const rows = await db()
      .select({
        userId: transactions.userId,
        amountCents: transactions.amountCents,
        metadata: transactions.metadata,
      })
      .from(transactions)
      .where(and(inArray(transactions.userId, ids), eq(transactions.adminId, admin.id)));
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect(row).toMatchObject({
        amountCents: 500,
        metadata: { kind: "goodwill", reason: "Outage apology" },
      });
    const audited = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "wallet.adjust"));
    expect(audited.map((row) => row.subjectId).sort()).toEqual([...ids].sort());
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("debits who can afford it and names who cannot, never below zero", async () => {
    const admin = await createUser({ admin: true });
    const rich = await createUser({ fundsCents: 1_000 });
    const poor = await createUser({ email: `poor-${randomUUID()}@example.test`, fundsCents: 200 });
    const input = {
      ids: [rich.id, poor.id],
      kind: "correction" as const,
      direction: "debit" as const,
      amountCents: cents(300),
      reason: "Double credit",
    };
    const preview = await previewBulkAdjustment(db(), input);
    expect(preview.question).toBe("Debit $3.00 (Balance correction) from 1 user?");
    expect(preview.details).toEqual([
      "Reason: Double credit",
      `${poor.email} will not be debited (balance $2.00).`,
    ]);
    const result = await adjustBalancesInBulk(db(), { ...input, adminId: admin.id });
    expect(result.notice.message).toBe(
      `1 user debited, 1 refused: ${poor.email} (balance too low). $3.00 in all.`,
    );
    expect(await balanceOf(rich.id)).toBe(700);
    expect(await balanceOf(poor.id)).toBe(200);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });
});
