import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { insufficientBalance, ORDER_TEXT } from "../../app/domain/orders/messages.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { refuse } from "../../app/domain/refusal.ts";
import { answerOrderForm, orderFormFields } from "../../app/routes/shared/order-form.server.ts";

const schema = z.object({ targetLink: z.string().trim().min(1), ...orderFormFields });
const key = "00000000-0000-4000-8000-000000000000";

function post(form: Record<string, string>) {
  return new Request("http://boostly.local/order/x", { method: "POST", body: new URLSearchParams(form) });
}

const placed = {
  ok: true as const,
  order: { id: "o1", orderNumber: "ORD-1", totalCents: cents(150), serviceName: "Instagram Likes" },
  balanceCents: cents(850),
  replayed: false,
};

describe("the order pages' one action (app/routes/shared/order-form.server.ts)", () => {
  it("refuses a form its schema does not take with the page's own notice, placing nothing", async () => {
    const place = vi.fn();
    const answer = await answerOrderForm(post({ targetLink: " ", idempotencyKey: key }), schema, {
      malformed: ORDER_TEXT.orderFailed,
      place,
    });
    expect(answer).toEqual({ notice: ORDER_TEXT.orderFailed, insufficient: false });
    expect(place).not.toHaveBeenCalled();
  });

  it("hands the parsed form to the domain and answers its refusal with the notice (200: a plain object)", async () => {
    const place = vi.fn(async () =>
      refuse("insufficient_funds", insufficientBalance(cents(150), cents(100))),
    );
    const answer = await answerOrderForm(
      post({ targetLink: "https://instagram.com/p/x", idempotencyKey: key, expectedTotalCents: "150" }),
      schema,
      { malformed: ORDER_TEXT.orderFailed, place },
    );
    expect(place).toHaveBeenCalledWith({
      targetLink: "https://instagram.com/p/x",
      idempotencyKey: key,
      expectedTotalCents: 150,
    });
    expect(answer).toEqual({ notice: insufficientBalance(cents(150), cents(100)), insufficient: true });
    const other = await answerOrderForm(post({ targetLink: "x", idempotencyKey: key }), schema, {
      malformed: ORDER_TEXT.orderFailed,
      place: async () => refuse("unavailable", ORDER_TEXT.maintenance),
    });
    expect(other).toEqual({ notice: ORDER_TEXT.maintenance, insufficient: false });
  });

  it("sends a placed order to the dashboard, an auto order to its tab, each with a toast", async () => {
    const order = await answerOrderForm(post({ targetLink: "x", idempotencyKey: key }), schema, {
      malformed: ORDER_TEXT.orderFailed,
      place: async () => placed,
    });
    expect(order).toBeInstanceOf(Response);
    expect((order as Response).headers.get("Location")).toBe("/dashboard");
    expect((order as Response).headers.get("Set-Cookie")).toContain("boostly_toast=");
    const auto = await answerOrderForm(post({ targetLink: "x", idempotencyKey: key }), schema, {
      malformed: ORDER_TEXT.orderFailed,
      place: async () => ({
        ok: true as const,
        autoOrder: {
          id: "a1",
          apiId: 100001,
          totalPosts: 10,
          remainingPosts: 10,
          costPerPostCents: cents(30),
          totalCents: cents(300),
          serviceName: "Instagram Auto Likes",
        },
        balanceCents: cents(700),
        replayed: false,
      }),
    });
    expect((auto as Response).headers.get("Location")).toBe("/dashboard?tab=auto-orders");
  });
});
