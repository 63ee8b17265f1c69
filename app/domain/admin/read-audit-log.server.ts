import { and, asc, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { adminAuditLog, users } from "../../db/schema.ts";
import { containsPattern, pageWindow } from "../lists/list-paging.ts";
import { countCapped } from "../lists/read-list.server.ts";

/** Rows per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** What the audit log is filtered by (each optional): the acting admin's e-mail, an action, an object, days. */
export type AuditFilter = {
  /** Part of the acting admin's e-mail. */
  admin: string;
  /** One action exactly ("service.update"). */
  action: string;
  /** The id of what was changed (a user's, a service's, a provider's ...). */
  subject: string;
  /** First and last UTC day, YYYY-MM-DD. */
  from: string | null;
  to: string | null;
};

export type AuditEntry = {
  id: number;
  createdAt: Date;
  adminEmail: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  details: Record<string, unknown>;
};

/** An entry's columns, read with the acting admin's e-mail (joined from users), for the page and the export. */
const AUDIT_ENTRY_COLUMNS = {
  id: adminAuditLog.id,
  createdAt: adminAuditLog.createdAt,
  adminEmail: users.email,
  action: adminAuditLog.action,
  subjectType: adminAuditLog.subjectType,
  subjectId: adminAuditLog.subjectId,
  details: adminAuditLog.details,
};

export type AuditLogPage = {
  entries: AuditEntry[];
  /** Rows matching, counted up to the lists' cap. */
  total: number;
  page: number;
  pageCount: number;
  /** Every action the log holds, for the filter's choices. */
  actions: string[];
};

function condition(filter: AuditFilter): SQL | undefined {
  const admin = filter.admin.trim();
  return and(
    admin
      ? inArray(
          adminAuditLog.adminId,
          sql`(select ${users.id} from ${users} where ${ilike(users.email, containsPattern(admin))})`,
        )
      : undefined,
    filter.action ? eq(adminAuditLog.action, filter.action) : undefined,
    filter.subject.trim() ? eq(adminAuditLog.subjectId, filter.subject.trim()) : undefined,
    filter.from
      ? gte(adminAuditLog.createdAt, sql`${filter.from}::date::timestamp at time zone 'UTC'`)
      : undefined,
    filter.to
      ? lt(adminAuditLog.createdAt, sql`(${filter.to}::date + 1)::timestamp at time zone 'UTC'`)
      : undefined,
  );
}

/**
 * One page of the admin audit log, newest first (admin_audit_log_created_idx; by object:
 * admin_audit_log_subject_idx), filtered by admin, action, object and UTC days (docs/product-rules.md 2.9).
 */
export async function readAuditLog(
  db: Executor,
  filter: AuditFilter,
  requestedPage = 1,
): Promise<AuditLogPage> {
  const where = condition(filter);
  const [total, actionRows] = await Promise.all([
    countCapped(db, adminAuditLog, where),
    db
      .selectDistinct({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .orderBy(asc(adminAuditLog.action)),
  ]);
  const { page, pageCount, offset } = pageWindow(requestedPage, total, AUDIT_PAGE_SIZE);
  const entries = await db
    .select(AUDIT_ENTRY_COLUMNS)
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminId))
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset(offset);
  return { entries, total, page, pageCount, actions: actionRows.map((row) => row.action) };
}

/** Audit rows an export reads per statement. */
const AUDIT_EXPORT_BATCH_SIZE = 1_000;

/**
 * Every audit row the filter finds, oldest first, in batches by its id (rows are numbered as they are written):
 * the audit log's export (product rules 14.36).
 */
export async function* exportAuditLog(db: Executor, filter: AuditFilter): AsyncGenerator<AuditEntry[]> {
  const where = condition(filter);
  let after = 0;
  for (;;) {
    const rows = await db
      .select(AUDIT_ENTRY_COLUMNS)
      .from(adminAuditLog)
      .leftJoin(users, eq(users.id, adminAuditLog.adminId))
      .where(and(where, sql`${adminAuditLog.id} > ${after}`))
      .orderBy(asc(adminAuditLog.id))
      .limit(AUDIT_EXPORT_BATCH_SIZE);
    const last = rows.at(-1);
    if (!last) return;
    after = last.id;
    yield rows as AuditEntry[];
    if (rows.length < AUDIT_EXPORT_BATCH_SIZE) return;
  }
}
