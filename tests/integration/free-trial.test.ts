import "../support/worker-database.ts";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { freeTrialClaims, orders, services, transactions, users } from "../../app/db/schema.ts";
import { claimFreeTrial } from "../../app/domain/trials/claim-free-trial.server.ts";
import { FREE_TRIAL_TEXT } from "../../app/domain/trials/free-trials.ts";
import { listFreeTrialClaims } from "../../app/domain/trials/list-free-trial-claims.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { createUser, fundWallet } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

const POST = "https://www.instagram.com/p/FreeTrial1/";

describe("claiming a free trial", () => {
  it.each([
    ["likes", POST, "Instagram Likes", 10],
    ["comments", POST, "Instagram Comments", 2],
    ["followers", "@some.creator", "Instagram Followers", 5],
  ] as const)(
    "%s: a real zero-cost order below the service minimum, and no money moves",
    async (trial, target, serviceName, quantity) => {
      const user = await createUser();
      await fundWallet(user.id, 500);
      const result = await claimFreeTrial(db(), { userId: user.id, trial, targetLink: target });
      if (!result.ok) throw new Error(result.message);
      expect(result.order.orderNumber).toMatch(/^ORD-\d+$/);
      const [order] = await db()
        .select({ order: orders, serviceName: services.name })
        .from(orders)
        .innerJoin(services, eq(services.id, orders.serviceId))
        .where(eq(orders.id, result.order.id));
      expect(order).toMatchObject({
        serviceName,
        order: {
          userId: user.id,
          quantity,
          totalCents: 0,
          status: "pending",
          metadata: { free_trial: trial },
        },
      });
      if (trial === "followers")
        expect(order?.order.targetLink).toBe("https://www.instagram.com/some.creator/");
      const [wallet] = await db()
        .select({ balance: users.balanceCents })
        .from(users)
        .where(eq(users.id, user.id));
      expect(wallet?.balance).toBe(500);
      expect(await db().select().from(transactions).where(eq(transactions.userId, user.id))).toHaveLength(1);
      expect(await findLedgerMismatches(db())).toEqual([]);
      expect(await listFreeTrialClaims(db(), user.id)).toEqual([
        expect.objectContaining({ trial, orderNumber: result.order.orderNumber }),
      ]);
    },
  );

  it("grants each trial once per account: a second claim is refused and creates nothing", async () => {
    const user = await createUser();
    expect((await claimFreeTrial(db(), { userId: user.id, trial: "likes", targetLink: POST })).ok).toBe(true);
    const again = await claimFreeTrial(db(), { userId: user.id, trial: "likes", targetLink: POST });
    expect(again).toMatchObject({
      ok: false,
      kind: "conflict",
      message: FREE_TRIAL_TEXT.alreadyClaimed,
    });
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    // The other trials, and other accounts, are still available.
    expect((await claimFreeTrial(db(), { userId: user.id, trial: "comments", targetLink: POST })).ok).toBe(
      true,
    );
    const other = await createUser();
    expect((await claimFreeTrial(db(), { userId: other.id, trial: "likes", targetLink: POST })).ok).toBe(
      true,
    );
  });

  it("settles concurrent claims of one trial with exactly one order", async () => {
    const user = await createUser();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        claimFreeTrial(db(), { userId: user.id, trial: "followers", targetLink: "creator" }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.kind === "conflict")).toHaveLength(4);
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect(await db().select().from(freeTrialClaims).where(eq(freeTrialClaims.userId, user.id))).toHaveLength(
      1,
    );
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("checks the target: likes and comments need an Instagram post link", async () => {
    const user = await createUser();
    const missing = await claimFreeTrial(db(), { userId: user.id, trial: "likes", targetLink: " " });
    expect(missing).toMatchObject({ ok: false, title: "Post Link Required" });
    const wrong = await claimFreeTrial(db(), {
      userId: user.id,
      trial: "comments",
      targetLink: "https://www.tiktok.com/@x/video/1",
    });
    expect(wrong).toMatchObject({
      ok: false,
      message: "Please enter a valid Instagram post link",
    });
    expect(await db().select().from(orders)).toHaveLength(0);
    expect(await db().select().from(freeTrialClaims)).toHaveLength(0);
  });
});
