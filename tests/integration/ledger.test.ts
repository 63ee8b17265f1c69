import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { transactions, users } from "../../app/db/schema.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";
import { createUser, fundWallet } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

describe("the ledger", () => {
  it("moves the balance and writes the ledger row together", async () => {
    const user = await createUser();
    await fundWallet(user.id, 1_000);
    const result = await db().transaction((tx) =>
      postLedgerEntry(tx, { userId: user.id, type: "purchase", amountCents: cents(-600) }),
    );
    expect(result).toMatchObject({ posted: true, balanceCents: 400 });
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("refuses to take a wallet below zero and writes nothing", async () => {
    const user = await createUser();
    await fundWallet(user.id, 500);
    const result = await db().transaction((tx) =>
      postLedgerEntry(tx, { userId: user.id, type: "purchase", amountCents: cents(-501) }),
    );
    expect(result).toEqual({ posted: false, balanceCents: 500 });
    expect(await db().$count(transactions, eq(transactions.userId, user.id))).toBe(1);
  });

  it("lets exactly as many concurrent charges through as the balance affords", async () => {
    const user = await createUser();
    await fundWallet(user.id, 700);
    const attempts = await Promise.all(
      Array.from({ length: 30 }, () =>
        db().transaction((tx) =>
          postLedgerEntry(tx, { userId: user.id, type: "purchase", amountCents: cents(-100) }),
        ),
      ),
    );
    expect(attempts.filter((attempt) => attempt.posted)).toHaveLength(7);
    const [wallet] = await db()
      .select({ balance: users.balanceCents })
      .from(users)
      .where(eq(users.id, user.id));
    expect(wallet?.balance).toBe(0);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("reports a wallet whose cached balance drifted from its ledger", async () => {
    const user = await createUser();
    await fundWallet(user.id, 300);
    await db()
      .update(users)
      .set({ balanceCents: cents(999) })
      .where(eq(users.id, user.id));
    expect(await findLedgerMismatches(db())).toEqual([
      { userId: user.id, email: user.email, balanceCents: 999, ledgerCents: 300 },
    ]);
  });

  it("refuses a ledger row whose sign contradicts its type", async () => {
    const user = await createUser();
    await expect(
      db()
        .insert(transactions)
        .values({ userId: user.id, type: "refund", amountCents: cents(-5) }),
    ).rejects.toThrow();
  });
});
