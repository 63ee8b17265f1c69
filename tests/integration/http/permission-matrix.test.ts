import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { userRoles } from "../../../app/db/schema.ts";
import {
  ADMIN_ROUTE_PERMISSIONS,
  can,
  permissionForAdminPath,
  type StaffRole,
} from "../../../app/domain/accounts/permissions.ts";
import { createAccount, signedInAdmin, signedInCustomer, Visitor, visibleText } from "../../support/http.ts";
import { redirectToast } from "../../support/redirect-toast.ts";
import { actionRoutes, fillPath, routeModules } from "../../support/route-table.ts";

// The permission matrix (product rules 15.2, 15.3): every admin action of the route table, posted by each kind of
// visitor, answers as app/domain/accounts/permissions.ts declares, and a refused post writes nothing.

const adminRoutes = routeModules().filter(({ path }) => path === "/admin" || path.startsWith("/admin/"));
const adminActions = actionRoutes().filter(({ path }) => path === "/admin" || path.startsWith("/admin/"));

const FILL = { orderId: randomUUID(), userId: randomUUID(), providerId: randomUUID(), file: "orders.csv" };

type Who = StaffRole | "customer" | "visitor";
const EVERYONE: Who[] = ["owner", "admin", "support", "customer", "visitor"];

/** The matrix written out: which action URLs each role may post (the declaration must agree with it). */
const MAY_POST: Record<Who, (path: string) => boolean> = {
  owner: () => true,
  admin: (path) => path !== "/admin/staff",
  support: (path) => path === "/admin/tickets" || path === "/admin/messages" || path === "/admin/view-as",
  customer: () => false,
  visitor: () => false,
};

/** A body that would change the shop if the guard let it through: the probe customer made an owner. */
function realBody(path: string, customerEmail: string): Record<string, string> {
  if (path === "/admin/staff") return { email: customerEmail, role: "owner" };
  return { intent: "matrix-probe" };
}

/**
 * What a post let through would leave behind: every admin change is audited with who made it (product rules 15.5,
 * 14), so the audit rows of the poster or about the probe customer, and both accounts' rows and roles. (The servers'
 * database is shared by the run, so the rest of the shop may change meanwhile.)
 */
async function traceOf(ids: string[]): Promise<string> {
  const rows = await db().execute<{ trace: string }>(sql`
    select concat_ws(' / ',
      (select count(*) from admin_audit_log where admin_id::text in ${ids} or subject_id in ${ids}),
      (select string_agg(r::text, '|' order by r::text) from user_roles r where r.user_id::text in ${ids}),
      (select string_agg(u::text, '|' order by u::text) from users u where u.id::text in ${ids})) as trace`);
  return rows.rows[0]?.trace ?? "";
}

/** A visitor of this kind, and the id of the account it is signed in as (none for a visitor). */
async function visitorFor(who: Who): Promise<{ visitor: Visitor; ids: string[] }> {
  if (who === "visitor") return { visitor: new Visitor(), ids: [] };
  const { visitor, id } = who === "customer" ? await signedInCustomer() : await signedInAdmin({ role: who });
  return { visitor, ids: [id] };
}

describe("the permission matrix declares every admin route", () => {
  it("finds the admin actions in the route table", () => {
    expect(adminActions.map(({ path }) => path)).toEqual(
      expect.arrayContaining(["/admin/tickets", "/admin/settings", "/admin/staff", "/admin/users/:userId"]),
    );
  });

  it.each(adminRoutes)("$path declares what it asks of its staff", ({ path }) => {
    expect(ADMIN_ROUTE_PERMISSIONS[path], `add ${path} to ADMIN_ROUTE_PERMISSIONS`).toBeDefined();
  });

  it("declares no route the table does not have", () => {
    const paths = adminRoutes.map(({ path }) => path);
    for (const declared of Object.keys(ADMIN_ROUTE_PERMISSIONS)) expect(paths).toContain(declared);
  });

  it.each(EVERYONE)("agrees with the matrix written out for %s", (who) => {
    for (const { path } of adminActions) {
      const role = who === "customer" || who === "visitor" ? null : who;
      expect(can(role, permissionForAdminPath(path, "POST")!), `${who} posting ${path}`).toBe(
        MAY_POST[who](path),
      );
    }
  });
});

describe("every admin action answers each visitor as the matrix says", () => {
  it.each(EVERYONE)("posted as %s", async (who) => {
    const customer = await createAccount();
    const { visitor, ids: poster } = await visitorFor(who);
    const ids = [customer.id, ...poster];
    expect(ids).toHaveLength(who === "visitor" ? 1 : 2);
    let refusedPosts = 0;
    for (const { path } of adminActions) {
      const url = fillPath(path, FILL);
      const before = await traceOf(ids);
      const response = await visitor.request(url, { form: realBody(path, customer.email) });
      if (MAY_POST[who](path)) {
        expect(response.status, `${who} posting ${url}`).not.toBe(403);
        expect(response.headers.get("location") ?? "", `${who} posting ${url}`).not.toBe("/admin-login");
        continue;
      }
      refusedPosts++;
      expect(response.status, `${who} posting ${url}`).toBe(403);
      expect(await traceOf(ids), `${who} posting ${url} wrote something`).toBe(before);
    }
    expect(refusedPosts).toBe(adminActions.filter(({ path }) => !MAY_POST[who](path)).length);
  });

  it("lets the same post through for an owner, so a refusal above is the guard's", async () => {
    const customer = await createAccount();
    const { visitor, id } = await signedInAdmin({ role: "owner" });
    const before = await traceOf([customer.id, id]);
    const response = await visitor.request("/admin/staff", {
      form: realBody("/admin/staff", customer.email),
    });
    expect(response.status).toBe(302);
    expect(await traceOf([customer.id, id])).not.toBe(before);
    const [role] = await db().select().from(userRoles).where(eq(userRoles.userId, customer.id));
    expect(role?.role).toBe("owner");
  });
});
describe("each role sees the admin pages it may open", () => {
  it("shows support the tickets, orders and users, and no page or menu link it may not use", async () => {
    const { visitor } = await signedInAdmin({ role: "support" });
    const home = await visitor.request("/admin");
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/admin/tickets");
    for (const path of ["/admin/tickets", "/admin/orders", "/admin/users", "/admin/messages"]) {
      expect((await visitor.request(path)).status, path).toBe(200);
    }
    for (const path of [
      "/admin/settings",
      "/admin/providers",
      "/admin/services",
      "/admin/staff",
      "/admin/audit",
    ]) {
      const page = await visitor.request(path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location"), path).toBe("/admin/tickets");
      const { toast } = await redirectToast(visitor, page);
      expect(toast?.description, path).toBe("Your role does not allow this. Ask an owner.");
    }
    // Nor does a data request read what the page would show.
    for (const path of [
      "/admin/_index.data",
      "/admin/settings.data",
      "/admin/audit.data",
      "/admin/staff.data",
    ]) {
      expect((await visitor.request(path)).status, path).not.toBe(200);
    }
    expect((await visitor.request("/admin/tickets.data")).status).toBe(200);
    const menu = await (await visitor.request("/admin/tickets")).text();
    expect(menu).toContain('href="/admin/orders"');
    expect(menu).not.toContain('href="/admin/settings"');
    expect(menu).not.toContain('href="/admin/staff"');
  });

  it("shows an admin everything but the Staff page, and an owner the Staff page", async () => {
    const admin = await signedInAdmin({ role: "admin" });
    expect((await admin.visitor.request("/admin")).status).toBe(200);
    const staffPage = await admin.visitor.request("/admin/staff");
    expect(staffPage.status).toBe(302);
    expect(staffPage.headers.get("location")).toBe("/admin");
    expect(await (await admin.visitor.request("/admin/settings")).text()).not.toContain(
      'href="/admin/staff"',
    );
    const owner = await signedInAdmin({ role: "owner" });
    const staff = await owner.visitor.request("/admin/staff");
    expect(staff.status).toBe(200);
    expect(visibleText(await staff.text())).toContain(owner.email);
  });
});
