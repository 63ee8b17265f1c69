import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeEach, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { MIGRATIONS_FOLDER } from "../../app/db/migration-files.server.ts";
import { adminAuditLog, userRoles } from "../../app/db/schema.ts";
import { changeStaffRole, STAFF_TEXT } from "../../app/domain/accounts/change-staff-role.server.ts";
import { grantAdminIfListed, grantRole, staffRoleOf } from "../../app/domain/accounts/roles.server.ts";
import { ensureDatabaseExists } from "../../server/embedded-postgres.ts";
import { createUser } from "../support/factories.ts";
import { dropDatabase, migrationsBefore } from "../support/migration-folders.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

async function owner() {
  const user = await createUser();
  await grantRole(db(), user.email, "owner");
  return user;
}

describe("owners grant and revoke staff roles (product rules 15.5, 15.6)", () => {
  it("makes a customer support, then admin, then a customer again, each change audited", async () => {
    const boss = await owner();
    const hire = await createUser();
    for (const role of ["support", "admin", null] as const) {
      const answer = await changeStaffRole(db(), { ownerId: boss.id, email: hire.email, role });
      expect(answer.ok).toBe(true);
      expect(await staffRoleOf(db(), hire.id)).toBe(role);
    }
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.subjectId, hire.id))
      .orderBy(adminAuditLog.id);
    expect(audit.map((row) => [row.action, row.adminId, row.details])).toEqual([
      ["staff.grant", boss.id, { email: hire.email, from: null, to: "support" }],
      ["staff.grant", boss.id, { email: hire.email, from: "support", to: "admin" }],
      ["staff.revoke", boss.id, { email: hire.email, from: "admin", to: null }],
    ]);
  });

  it("keeps the last owner: they can neither remove themselves nor be made anything else", async () => {
    const boss = await owner();
    for (const role of [null, "admin", "support"] as const) {
      const answer = await changeStaffRole(db(), { ownerId: boss.id, email: boss.email, role });
      expect(answer).toMatchObject({ ok: false, kind: "conflict", message: STAFF_TEXT.lastOwner });
    }
    expect(await staffRoleOf(db(), boss.id)).toBe("owner");
    expect(await db().select().from(adminAuditLog)).toEqual([]);
    // With a second owner, one of them may step down.
    const partner = await createUser();
    expect((await changeStaffRole(db(), { ownerId: boss.id, email: partner.email, role: "owner" })).ok).toBe(
      true,
    );
    expect((await changeStaffRole(db(), { ownerId: boss.id, email: boss.email, role: "admin" })).ok).toBe(
      true,
    );
    expect(await staffRoleOf(db(), boss.id)).toBe("admin");
  });

  it("lets only one of two owners demoting each other at once succeed", async () => {
    const first = await owner();
    const second = await owner();
    const answers = await Promise.all([
      changeStaffRole(db(), { ownerId: first.id, email: second.email, role: null }),
      changeStaffRole(db(), { ownerId: second.id, email: first.email, role: null }),
    ]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(await db().select().from(userRoles).where(eq(userRoles.role, "owner"))).toHaveLength(1);
  });

  it("refuses an e-mail without an account, and a role the account already has", async () => {
    const boss = await owner();
    expect(
      await changeStaffRole(db(), { ownerId: boss.id, email: "nobody@example.test", role: "support" }),
    ).toMatchObject({ ok: false, kind: "not_found", message: STAFF_TEXT.noAccount });
    expect(await changeStaffRole(db(), { ownerId: boss.id, email: boss.email, role: "owner" })).toMatchObject(
      {
        ok: false,
        message: STAFF_TEXT.unchanged,
      },
    );
  });
});

describe("ADMIN_EMAILS bootstraps owners (product rules 15.7)", () => {
  it("makes a listed address an owner, and leaves a listed address that already has a role as it is", async () => {
    const first = await createUser({ email: "first-owner@example.test" });
    expect(await grantAdminIfListed(db(), first.email, ["first-owner@example.test"])).toBe(true);
    expect(await staffRoleOf(db(), first.id)).toBe("owner");
    const support = await createUser({ email: "helper@example.test" });
    await grantRole(db(), support.email, "support");
    await grantAdminIfListed(db(), support.email, ["helper@example.test"]);
    expect(await staffRoleOf(db(), support.id)).toBe("support");
    const other = await createUser();
    expect(await grantAdminIfListed(db(), other.email, ["first-owner@example.test"])).toBe(false);
    expect(await staffRoleOf(db(), other.id)).toBeNull();
  });
});

const serverUrl = inject("pgServerUrl");
const name = `boostly_roles_migration_${process.env.VITEST_POOL_ID ?? "0"}`;
const url = serverUrl.replace(/\/postgres$/, `/${name}`);
let before: Awaited<ReturnType<typeof migrationsBefore>> | undefined;
afterAll(async () => {
  await before?.remove();
  await dropDatabase(serverUrl, name);
});

describe("the staff roles migration", () => {
  it("makes every admin of before an owner, so nobody loses access", async () => {
    before = await migrationsBefore(/staff_roles$/);
    await ensureDatabaseExists(serverUrl, name);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: before.folder });
      await client.query(`insert into users (email, email_verified) values ('old-admin@example.test', true),
        ('old-customer@example.test', true)`);
      await client.query(
        `insert into user_roles (user_id, role) select id, 'admin' from users where email = 'old-admin@example.test'`,
      );
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
      const { rows } = await client.query<{ email: string; role: string }>(
        "select u.email, r.role from user_roles r join users u on u.id = r.user_id",
      );
      expect(rows).toEqual([{ email: "old-admin@example.test", role: "owner" }]);
    } finally {
      await client.end();
    }
  });
});
