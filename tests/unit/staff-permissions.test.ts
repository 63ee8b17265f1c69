import { describe, expect, it } from "vitest";
import {
  homeOf,
  mayOpen,
  PERMISSIONS,
  permissionForAdminPath,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
} from "../../app/domain/accounts/permissions.ts";

// Product rules 15.2, 15.3: what each role may do, and which permission an admin request asks for.
describe("the staff roles", () => {
  it("gives an owner everything, an admin everything but roles, and support only reading and answering", () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
    expect(ROLE_PERMISSIONS.admin).not.toContain("staff.manage");
    expect(ROLE_PERMISSIONS.admin).toHaveLength(PERMISSIONS.length - 1);
    expect([...ROLE_PERMISSIONS.support].sort()).toEqual([
      "orders.view",
      "support.answer",
      "users.view",
      "users.view_as",
    ]);
  });

  it("finds the permission of a page, its data request and its actions", () => {
    expect(permissionForAdminPath("/admin/orders", "GET")).toBe("orders.view");
    expect(permissionForAdminPath("/admin/orders.data", "GET")).toBe("orders.view");
    expect(permissionForAdminPath("/admin/orders", "POST")).toBe("orders.manage");
    expect(permissionForAdminPath("/admin/orders/5d7d3b0e-0000-4000-8000-000000000000", "POST")).toBe(
      "orders.manage",
    );
    expect(permissionForAdminPath("/admin/_index.data", "GET")).toBe("reports.view");
    expect(permissionForAdminPath("/admin/", "GET")).toBe("reports.view");
    expect(permissionForAdminPath("/admin/staff", "DELETE")).toBe("staff.manage");
    expect(permissionForAdminPath("/admin/not-declared", "GET")).toBeNull();
  });

  it("opens an undeclared admin page to owners and admins only", () => {
    expect(mayOpen("owner", "/admin/new-page")).toBe(true);
    expect(mayOpen("admin", "/admin/new-page")).toBe(true);
    expect(mayOpen("support", "/admin/new-page")).toBe(false);
    expect(mayOpen(null, "/admin/tickets")).toBe(false);
  });

  it("starts each role on a page it may open", () => {
    for (const role of STAFF_ROLES) expect(mayOpen(role, homeOf(role))).toBe(true);
    expect(homeOf("support")).toBe("/admin/tickets");
  });
});
