import { type CsvCell, csvDollars, utcTime } from "../../lib/csv.ts";
import type { ExportedService } from "../catalog/export-services.server.ts";
import type { ExportedOrder } from "../orders/export-orders.server.ts";
import type { ExportedTransaction } from "../wallet/export-transactions.server.ts";
import type { AuditEntry } from "./read-audit-log.server.ts";
import type { DayMoney, ProfitRow } from "./read-money-figures.server.ts";

/**
 * The columns of each admin export (product rules 13.36): a header and how one row becomes its cells. Amounts are
 * dollars with two decimals; a cost or margin that is not known is an empty cell, never 0.00 (product rules 13.31).
 */
export type ExportColumns<R> = { header: readonly string[]; cells: (row: R) => readonly CsvCell[] };

export const ORDER_COLUMNS: ExportColumns<ExportedOrder> = {
  header: [
    "Order",
    "Placed (UTC)",
    "Customer",
    "Service",
    "Platform",
    "Quantity",
    "Status",
    "Delivery",
    "Charge",
    "Refunded",
    "Provider cost",
    "Margin",
    "Cost known",
  ],
  cells: (order) => {
    const { cost } = order.money;
    return [
      order.orderNumber,
      utcTime(order.createdAt),
      order.customerEmail,
      order.service,
      order.platform,
      order.quantity,
      order.status,
      order.delivery,
      csvDollars(order.totalCents),
      csvDollars(order.money.refundedCents),
      csvDollars(cost.kind === "known" ? cost.costCents : cost.kind === "manual" ? 0 : null),
      csvDollars(order.money.marginCents),
      cost.kind === "known" ? "yes" : cost.kind === "manual" ? "no provider" : "no",
    ];
  },
};

export const TRANSACTION_COLUMNS: ExportColumns<ExportedTransaction> = {
  header: ["Date (UTC)", "Customer", "Type", "Amount", "Status", "Method", "Reference"],
  cells: (row) => [
    utcTime(row.createdAt),
    row.customerEmail,
    row.type,
    csvDollars(row.amountCents),
    row.status,
    row.paymentMethod,
    row.reference,
  ],
};

export const DAY_COLUMNS: ExportColumns<DayMoney> = {
  header: [
    "Day (UTC)",
    "Deposits",
    "Sales",
    "Refunds",
    "Provider spend",
    "Profit",
    "Bonuses",
    "Adjustments",
    "Orders",
    "Parts with unknown cost",
  ],
  cells: (day) => [
    day.day,
    csvDollars(day.depositsCents),
    csvDollars(day.salesCents),
    csvDollars(day.refundsCents),
    csvDollars(day.spendCents),
    csvDollars(day.profitCents),
    csvDollars(day.bonusesCents),
    csvDollars(day.adjustmentsCents),
    day.orders,
    day.unknownCostParts,
  ],
};

/** A service's or provider's row (product rules 13.34); `name` and `orders` name its first two columns. */
export function profitColumns(name: string, orders: string): ExportColumns<ProfitRow> {
  return {
    header: [
      name,
      orders,
      "Sales",
      "Refunds",
      "Provider spend",
      "Profit",
      "Margin %",
      "Parts with unknown cost",
    ],
    cells: (row) => [
      row.name,
      row.orders,
      csvDollars(row.salesCents),
      csvDollars(row.refundsCents),
      csvDollars(row.spendCents),
      csvDollars(row.profitCents),
      row.marginPercent,
      row.unknownCostParts,
    ],
  };
}

export const SERVICE_COLUMNS: ExportColumns<ExportedService> = {
  header: [
    "Service",
    "Address",
    "Platform",
    "Category",
    "Type",
    "Order type",
    "Price / 1000",
    "Min",
    "Max",
    "Enabled",
  ],
  cells: (row) => [
    row.name,
    row.slug,
    row.platform,
    row.category,
    row.serviceType === "auto" ? "auto" : "one-time",
    row.orderType,
    // The price as stored, to the fourth decimal: a rate, not an amount of money moved.
    row.pricePer1000,
    row.minQuantity,
    row.maxQuantity,
    row.enabled ? "yes" : "no",
  ],
};

export const USER_COLUMNS: ExportColumns<{
  id: string;
  email: string;
  balanceCents: number;
  createdAt: Date;
}> = {
  header: ["E-mail", "Account id", "Joined (UTC)", "Balance"],
  cells: (row) => [row.email, row.id, utcTime(row.createdAt), csvDollars(row.balanceCents)],
};

export const AUDIT_COLUMNS: ExportColumns<AuditEntry> = {
  header: ["Time (UTC)", "Admin", "Action", "Object", "Object id", "Details"],
  cells: (row) => [
    utcTime(row.createdAt),
    row.adminEmail,
    row.action,
    row.subjectType,
    row.subjectId,
    JSON.stringify(row.details),
  ],
};
