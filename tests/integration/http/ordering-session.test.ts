import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { orders } from "../../../app/db/schema.ts";
import { balanceOf, fundWallet, serviceBySlug } from "../../support/factories.ts";
import { appUrl, createAccount, secondAppUrl, Visitor, visibleText } from "../../support/http.ts";

// The Quick Order action may take its session from the server's short cache; the order statement re-checks it
// (docs/decisions/029-lean-request-path.md). A sign-out on the other server stops the next order at once.
describe("a quick order's session, cached by the server that placed the last one", () => {
  it("orders while the session holds, is refused (login, nothing charged) once it ended on the other server", async () => {
    const account = await createAccount();
    await fundWallet(account.id, 10_000);
    const onA = new Visitor(appUrl);
    await onA.signIn(account.email, account.password);
    const onB = onA.on(secondAppUrl);
    const likes = await serviceBySlug("instagram-likes");
    // A post each: one link takes one active order per service (product rules 4.27).
    let posts = 0;
    const order = () => {
      posts += 1;
      return onA.request("/quick-order", {
        form: {
          serviceId: likes.id,
          targetLink: `https://www.instagram.com/p/CachedSession${posts}/`,
          quantity: "1000",
          idempotencyKey: randomUUID(),
        },
      });
    };

    const first = await order();
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/dashboard");
    const charged = await balanceOf(account.id);
    expect(charged).toBeLessThan(10_000);
    // The balance on the next page is the one after the order, on either server.
    for (const visitor of [onA, onB]) {
      const page = visibleText(await (await visitor.request("/dashboard")).text());
      expect(page).toContain(`$${(charged / 100).toFixed(2)}`);
    }
    const second = await order();
    expect(second.status).toBe(302);
    expect(await db().$count(orders, eq(orders.userId, account.id))).toBe(2);
    const afterTwo = await balanceOf(account.id);

    const signOut = await onB.request("/logout", { method: "POST" });
    expect([302, 303]).toContain(signOut.status);
    const replay = await order();
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toMatch(/^\/login\?next=/);
    expect(await db().$count(orders, eq(orders.userId, account.id))).toBe(2);
    expect(await balanceOf(account.id)).toBe(afterTwo);
  });
});
