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
});
