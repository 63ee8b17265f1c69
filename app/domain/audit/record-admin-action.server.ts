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
