import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { manualDepositMethods } from "../../db/schema.ts";
import { type ChangeMade, formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import type { Cents } from "../pricing/cents.ts";
import type { Refusal } from "../refusal.ts";
import { MANUAL_METHOD_TEXT } from "./manual-deposit-text.ts";

export type ManualMethodInput = {
  adminId: string;
  /** The method to change; a new one without it. */
  id?: string;
  name: string;
  instructions: string;
  minCents: Cents;
  maxCents: Cents;
  enabled: boolean;
};

/**
 * Adds or changes a manual deposit method (product rules 16.50), audited in the same transaction. Claims already
 * made keep their amount; a disabled method takes no new claim, and its pending claims are still decided.
 */
export async function saveManualMethod(
  db: Executor,
  input: ManualMethodInput,
): Promise<ChangeMade | Refusal> {
  if (input.maxCents < input.minCents)
    return formRefusal(MANUAL_METHOD_TEXT.refusedTitle, { max: MANUAL_METHOD_TEXT.limits });
  const values = {
    name: input.name.trim(),
    instructions: input.instructions.trim(),
    minCents: input.minCents,
    maxCents: input.maxCents,
    enabled: input.enabled,
  };
  return db.transaction(async (tx) => {
    const [saved] = input.id
      ? await tx
          .update(manualDepositMethods)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(manualDepositMethods.id, input.id))
          .returning({ id: manualDepositMethods.id })
      : await tx.insert(manualDepositMethods).values(values).returning({ id: manualDepositMethods.id });
    if (!saved)
      return formRefusal(
        MANUAL_METHOD_TEXT.refusedTitle,
        {},
        { kind: "not_found", message: MANUAL_METHOD_TEXT.notFound },
      );
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: input.id ? "deposit_method.update" : "deposit_method.create",
      subjectType: "deposit_method",
      subjectId: saved.id,
      details: values,
    });
    return {
      ok: true as const,
      id: saved.id,
      notice: { title: MANUAL_METHOD_TEXT.savedTitle, message: MANUAL_METHOD_TEXT.saved(values.name) },
    };
  });
}
