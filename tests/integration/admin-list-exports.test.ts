import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog, orders, services } from "../../app/db/schema.ts";
import { exportRequest, openExport } from "../../app/domain/admin/open-export.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { createUser, fundWallet, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

/** The export's records, as an admin would download it with these query parameters. */
async function exported(adminId: string, params: Record<string, string>) {
  const opened = await openExport(db(), { adminId, request: exportRequest.parse(params) });
  if (!opened.ok) throw new Error(opened.message);
  return (await new Response(opened.body).text()).split("\r\n").slice(0, -1);
}

describe("CSV exports of the filtered lists (product rules 14.36)", () => {
  it("exports the orders the list shows: its status filter and its search by link and e-mail", async () => {
    const admin = await createUser({ admin: true });
    const alice = await createUser({ email: `alice-${randomUUID()}@example.test` });
    const bob = await createUser();
    const service = await serviceId("TikTok Views");
    const rows = [
      { userId: alice.id, link: "https://www.tiktok.com/@abc2/video/1", status: "pending" as const },
      { userId: alice.id, link: "https://www.tiktok.com/@abc2/video/2", status: "completed" as const },
      { userId: bob.id, link: "https://www.tiktok.com/@other/video/3", status: "completed" as const },
    ];
    const made = await db()
      .insert(orders)
      .values(
        rows.map((row, index) => ({
          userId: row.userId,
          serviceId: service,
          quantity: 1000,
          targetLink: row.link,
          totalCents: cents(300),
          status: row.status,
          delivery: "manual" as const,
          createdAt: new Date(Date.UTC(2026, 10, 1, index)),
        })),
      )
      .returning();
    const numbers = (lines: string[]) => lines.slice(1).map((line) => line.split(",")[0]);
    expect(numbers(await exported(admin.id, { file: "orders.csv" }))).toEqual(
      made.map((row) => row.orderNumber),
    );
    expect(numbers(await exported(admin.id, { file: "orders.csv", q: "abc2" }))).toEqual([
      made[0]!.orderNumber,
      made[1]!.orderNumber,
    ]);
    expect(numbers(await exported(admin.id, { file: "orders.csv", q: "abc2", status: "completed" }))).toEqual(
      [made[1]!.orderNumber],
    );
    expect(numbers(await exported(admin.id, { file: "orders.csv", q: bob.email }))).toEqual([
      made[2]!.orderNumber,
    ]);
    const [audit] = await db()
      .select({ details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "export.download"))
      .orderBy(adminAuditLog.id)
      .offset(2);
    expect(audit!.details).toMatchObject({ filters: { q: "abc2", status: "completed" } });
  });

  it("exports services, users, a user's transactions and the audit log by their filters", async () => {
    const admin = await createUser({ admin: true });
    const alice = await createUser({ email: `alice-${randomUUID()}@example.test` });
    const bob = await createUser({ email: `bob-${randomUUID()}@example.test` });
    await fundWallet(alice.id, 1_250);
    await fundWallet(bob.id, 400);

    const tiktok = await exported(admin.id, { file: "services.csv", q: "tiktok" });
    expect(tiktok[0]).toBe("Service,Address,Platform,Category,Type,Order type,Price / 1000,Min,Max,Enabled");
    const tiktokCount = await db().$count(services, eq(services.platform, "tiktok"));
    expect(tiktok.slice(1)).toHaveLength(tiktokCount);
    expect(tiktok.slice(1).every((line) => line.includes(",tiktok,"))).toBe(true);

    const users = await exported(admin.id, { file: "users.csv", q: "alice-" });
    expect(users).toEqual([
      "E-mail,Account id,Joined (UTC),Balance",
      expect.stringMatching(new RegExp(`^${alice.email},${alice.id},.*,12\\.50$`)),
    ]);

    const ledger = await exported(admin.id, { file: "transactions.csv", user: bob.id });
    expect(ledger.slice(1)).toEqual([expect.stringContaining(`${bob.email},adjustment,4.00`)]);

    await exported(admin.id, { file: "users.csv" });
    const audit = await exported(admin.id, {
      file: "audit.csv",
      action: "export.download",
      subject: "users",
    });
    expect(audit[0]).toBe("Time (UTC),Admin,Action,Object,Object id,Details");
    expect(audit.slice(1)).toHaveLength(2);
    expect(
      audit.slice(1).every((line) => line.includes(`,${admin.email},export.download,export,users,`)),
    ).toBe(true);
  });
});
