import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signedInAdmin, signedInCustomer, Visitor } from "../../support/http.ts";

// Each admin list action with a well-formed body: only the role may stop it.
const ACTIONS = [
  ["/admin/auto-orders", { intent: "set-status", autoOrderId: randomUUID(), status: "cancelled" }],
  ["/admin/auto-orders", { intent: "set-remaining", autoOrderId: randomUUID(), remainingPosts: "0" }],
  ["/admin/tickets", { intent: "answer", ticketId: randomUUID(), status: "completed", response: "Hi" }],
] as const;

describe("the admin list actions refuse everyone but admins", () => {
  it.each(ACTIONS)("POST %s refuses a visitor (%o)", async (path, form) => {
    const response = await new Visitor().request(path, { form: { ...form } });
    expect(response.status).toBe(403);
  });

  it.each(ACTIONS)("POST %s refuses a signed-in customer (%o)", async (path, form) => {
    const { visitor } = await signedInCustomer();
    const response = await visitor.request(path, { form: { ...form } });
    expect(response.status).toBe(403);
  });

  it.each(["/admin/auto-orders", "/admin/tickets", "/admin/users"])(
    "GET %s.data answers no data to a customer",
    async (path) => {
      const { visitor } = await signedInCustomer();
      const response = await visitor.request(`${path}.data`);
      expect(response.status).not.toBe(200);
    },
  );
});

describe("the admin list actions answer an admin", () => {
  it("with status 200 and the refusal, for input that is refused", async () => {
    const { visitor } = await signedInAdmin();
    const remaining = await visitor.request("/admin/auto-orders", {
      form: { intent: "set-remaining", autoOrderId: "not-an-id", remainingPosts: "1.5" },
    });
    expect(remaining.status).toBe(200);
    expect(await remaining.text()).toContain("Failed to update remaining posts");
    const ticket = await visitor.request("/admin/tickets", {
      form: { intent: "answer", ticketId: randomUUID(), status: "closed" },
    });
    expect(ticket.status).toBe(200);
    expect(await ticket.text()).toContain("Failed to update ticket");
  });
});
