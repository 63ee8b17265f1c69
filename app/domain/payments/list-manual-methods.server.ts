import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { manualDepositMethods } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";

export type ManualMethod = {
  id: string;
  name: string;
  instructions: string;
  minCents: Cents;
  maxCents: Cents;
  enabled: boolean;
};

const columns = {
  id: manualDepositMethods.id,
  name: manualDepositMethods.name,
  instructions: manualDepositMethods.instructions,
  minCents: manualDepositMethods.minCents,
  maxCents: manualDepositMethods.maxCents,
  enabled: manualDepositMethods.enabled,
};

/** The manual deposit methods the operator described (docs/decisions/059), by name; the wallet shows enabled ones. */
export async function listManualMethods(
  db: Executor,
  options: { enabledOnly: boolean },
): Promise<ManualMethod[]> {
  const query = db.select(columns).from(manualDepositMethods).$dynamic();
  return (options.enabledOnly ? query.where(eq(manualDepositMethods.enabled, true)) : query).orderBy(
    asc(manualDepositMethods.name),
    asc(manualDepositMethods.id),
  );
}
