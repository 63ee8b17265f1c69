import { z } from "zod";
import type { Database } from "../../db/client.server.ts";
import { csvBody } from "../../lib/csv.ts";
import { usersList } from "../accounts/list-users-for-admin.server.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { exportServices } from "../catalog/export-services.server.ts";
import { ADMIN_SEARCH_MAX_LENGTH } from "../lists/list-search.ts";
import { listBatches, listCondition } from "../lists/read-list.server.ts";
import { exportOrders } from "../orders/export-orders.server.ts";
import { ordersList } from "../orders/list-orders-for-admin.server.ts";
import { ADMIN_ORDER_STATUSES } from "../orders/order-status-labels.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { exportTransactions } from "../wallet/export-transactions.server.ts";
import {
  AUDIT_COLUMNS,
  DAY_COLUMNS,
  ORDER_COLUMNS,
  profitColumns,
  SERVICE_COLUMNS,
  TRANSACTION_COLUMNS,
  USER_COLUMNS,
} from "./export-columns.ts";
import {
  DEFAULT_FIGURE_PERIOD,
  exportRangeQuery,
  exportWindow,
  LONGEST_FIGURES_RANGE_DAYS,
  lastDays,
  windowDays,
} from "./figures-period.ts";
import { exportAuditLog } from "./read-audit-log.server.ts";
import { readMoneyReport } from "./read-money-figures.server.ts";

/** The admin's exports (product rules 13.36): the file in the address, then its range and grouping. */
export const EXPORT_FILES = ["orders", "transactions", "figures", "services", "users", "audit"] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];
export const FIGURE_GROUPS = ["day", "service", "provider"] as const;

/** A list filter's text, as the list's own address carries it; anything unexpected is no filter. */
const filterText = z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH).optional().catch(undefined);

/**
 * `/admin/export/<file>.csv?from=&to=&by=`, as the export's route reads it, with the filters of the list it
 * exports (product rules 14.36): orders `status` and `q`, services and users `q`, transactions `user`, the audit
 * log `admin`, `action` and `subject` (its days are `from` and `to`).
 */
export const exportRequest = z
  .object({
    file: z.enum(EXPORT_FILES.map((file) => `${file}.csv`) as [string, ...string[]]),
    by: z.enum(FIGURE_GROUPS).default("day"),
    status: z.enum(ADMIN_ORDER_STATUSES).optional().catch(undefined),
    q: filterText,
    user: z.uuid().optional().catch(undefined),
    admin: filterText,
    action: filterText,
    subject: filterText,
  })
  .and(exportRangeQuery);

export type ExportRequest = z.infer<typeof exportRequest>;

export const EXPORT_TEXT = {
  noSuchExport:
    "No such export: orders.csv, transactions.csv, figures.csv, services.csv, users.csv or audit.csv.",
  tooLong: `The figures export covers at most ${LONGEST_FIGURES_RANGE_DAYS} days: choose a shorter range.`,
} as const;

/**
 * Opens one export for an admin (product rules 13.36): records that they took it (who, which file, which days),
 * then gives its file name and a CSV body read batch by batch as the client reads it. The figures export covers
 * the last 30 days unless given a range, and at most LONGEST_FIGURES_RANGE_DAYS.
 */
export async function openExport(
  db: Database,
  input: { adminId: string; request: ExportRequest; now?: Date },
): Promise<{ ok: true; fileName: string; body: ReadableStream<Uint8Array> } | Refusal> {
  const { request, now = new Date() } = input;
  const file = request.file.replace(/\.csv$/, "") as ExportFile;
  const window =
    file === "figures" && !request.from
      ? lastDays(DEFAULT_FIGURE_PERIOD, request.to ? new Date(`${request.to}T12:00:00Z`) : now)
      : exportWindow(request, now);
  if (file === "figures" && windowDays(window) > LONGEST_FIGURES_RANGE_DAYS)
    return refuse("invalid", EXPORT_TEXT.tooLong);
  const name = file === "figures" ? `figures-by-${request.by}` : file;
  const days = request.from || file === "figures" ? `${window.first}-to-${window.last}` : `to-${window.last}`;
  await recordAdminAction(db, {
    adminId: input.adminId,
    action: "export.download",
    subjectType: "export",
    subjectId: name,
    details: { from: request.from ? window.first : null, to: window.last, ...filtersOf(request) },
  });
  const fileName = `boostly-${name}-${days}.csv`;
  const { status, q } = request;
  if (file === "orders") {
    const filter = await listCondition(db, ordersList, { status, q });
    return {
      ok: true,
      fileName,
      body: csvBody(ORDER_COLUMNS.header, exportOrders(db, window, filter), ORDER_COLUMNS.cells),
    };
  }
  if (file === "transactions")
    return {
      ok: true,
      fileName,
      body: csvBody(
        TRANSACTION_COLUMNS.header,
        exportTransactions(db, window, request.user),
        TRANSACTION_COLUMNS.cells,
      ),
    };
  if (file === "services")
    return {
      ok: true,
      fileName,
      body: csvBody(SERVICE_COLUMNS.header, exportServices(db, q ?? ""), SERVICE_COLUMNS.cells),
    };
  if (file === "users") {
    const users = listBatches(db, usersList, await listCondition(db, usersList, { q }), USERS_BATCH_SIZE);
    return { ok: true, fileName, body: csvBody(USER_COLUMNS.header, users, USER_COLUMNS.cells) };
  }
  if (file === "audit") {
    const filter = {
      admin: request.admin ?? "",
      action: request.action ?? "",
      subject: request.subject ?? "",
      from: request.from ?? null,
      to: request.to ?? null,
    };
    return {
      ok: true,
      fileName,
      body: csvBody(AUDIT_COLUMNS.header, exportAuditLog(db, filter), AUDIT_COLUMNS.cells),
    };
  }
  // A period's figures are a few hundred rows at most: read at once, written as one batch.
  const report = await readMoneyReport(db, window);
  if (request.by === "day")
    return { ok: true, fileName, body: csvBody(DAY_COLUMNS.header, once(report.days), DAY_COLUMNS.cells) };
  const columns =
    request.by === "service" ? profitColumns("Service", "Orders") : profitColumns("Provider", "Parts sent");
  const rows = request.by === "service" ? report.byService : report.byProvider;
  return { ok: true, fileName, body: csvBody(columns.header, once(rows), columns.cells) };
}

/** Users an export reads per statement. */
const USERS_BATCH_SIZE = 1_000;

/** The list filters an export was taken with, for its audit row: `{ filters }` when it had any, else nothing. */
function filtersOf(request: ExportRequest): { filters?: Record<string, string> } {
  const { status, q, user, admin, action, subject } = request;
  const filters = Object.fromEntries(
    Object.entries({ status, q, user, admin, action, subject }).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
    ),
  );
  return Object.keys(filters).length > 0 ? { filters } : {};
}

async function* once<R>(rows: readonly R[]): AsyncGenerator<readonly R[]> {
  yield rows;
}
