import type { Executor } from "../../db/client.server.ts";
import { adminAuditLog } from "../../db/schema.ts";

export type AdminAction = {
  adminId: string;
  /** What was done, "area.verb" (service.create, blog.publish, settings.update ...). */
  action: string;
  subjectType: string;
  subjectId: string;
  details?: Record<string, unknown>;
};

/** Records who changed what; called inside the change's own transaction so both happen or neither. */
export async function recordAdminAction(tx: Executor, entry: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({ ...entry, details: entry.details ?? {} });
}

/**
 * Runs `change` in one transaction with the admin_audit_log row `entryOf` makes of its result (null: nothing to
 * record), so a change and its record commit together or not at all (a transaction `change` opens becomes a
 * savepoint of this one).
 */
export function withAdminAction<R>(
  db: Executor,
  change: (tx: Executor) => Promise<R>,
  entryOf: (result: R) => AdminAction | null,
): Promise<R> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    const entry = entryOf(result);
    if (entry) await recordAdminAction(tx, entry);
    return result;
  });
}
