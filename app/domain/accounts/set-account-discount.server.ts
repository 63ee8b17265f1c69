import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { accountDiscounts, users } from "../../db/schema.ts";
import { type ChangeMade, formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import { DISCOUNT_MAX_TENTHS, discountPercentText, NO_DISCOUNT } from "../pricing/discount.ts";
import type { Refusal } from "../refusal.ts";
import { DISCOUNT_TEXT } from "./user-controls-text.ts";

/**
 * Sets a customer's discount (product rules 15.27), in tenths of a percent (0 clears it), with an audit row
 * `user.discount` of the discount before and after, in one transaction. A save that changes nothing records
 * nothing. Orders priced with the discount before are charged only if their statement still reads it (15.28).
 */
export async function setAccountDiscount(
  db: Executor,
  input: { adminId: string; userId: string; discountTenths: number },
): Promise<ChangeMade | Refusal> {
  const { discountTenths } = input;
  if (!Number.isSafeInteger(discountTenths) || discountTenths < 0 || discountTenths > DISCOUNT_MAX_TENTHS)
    return formRefusal(DISCOUNT_TEXT.refusedTitle, { discount: DISCOUNT_TEXT.invalid });
  const [user] = isUuid(input.userId)
    ? await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId))
    : [];
  if (!user)
    return formRefusal(DISCOUNT_TEXT.refusedTitle, {}, { kind: "not_found", message: DISCOUNT_TEXT.noUser });
  const percent = discountPercentText(discountTenths);
  const message = discountTenths === NO_DISCOUNT ? DISCOUNT_TEXT.cleared : DISCOUNT_TEXT.saved(percent);
  const saved = { ok: true as const, notice: { title: DISCOUNT_TEXT.savedTitle, message } };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ discountTenths: accountDiscounts.discountTenths })
      .from(accountDiscounts)
      .where(eq(accountDiscounts.userId, input.userId))
      .for("update");
    const beforeTenths = before?.discountTenths ?? NO_DISCOUNT;
    if (beforeTenths === discountTenths) return saved;
    if (discountTenths === NO_DISCOUNT)
      await tx.delete(accountDiscounts).where(eq(accountDiscounts.userId, input.userId));
    else
      await tx
        .insert(accountDiscounts)
        .values({ userId: input.userId, discountTenths, setBy: input.adminId })
        .onConflictDoUpdate({
          target: accountDiscounts.userId,
          set: { discountTenths, setBy: input.adminId, setAt: new Date() },
        });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "user.discount",
      subjectType: "user",
      subjectId: input.userId,
      details: {
        before: discountPercentText(beforeTenths),
        after: percent,
        before_tenths: beforeTenths,
        after_tenths: discountTenths,
      },
    });
    return saved;
  });
}
