import { randomUUID } from "node:crypto";
import type { Executor } from "../../db/client.server.ts";
import { findLikesPackByApiId } from "../catalog/find-likes-pack.server.ts";
import { findServiceIdByApiId } from "../catalog/find-service-by-api-id.server.ts";
import { formatServiceName, likesPackProductName } from "../catalog/product-name.ts";
import { findServiceForOrder } from "../catalog/service-cache.server.ts";
import { readBalance } from "../live/read-balance.server.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { discountedCharge } from "../pricing/discount.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { readCustomerDiscount } from "./customer-discount.server.ts";
import { discountOrder } from "./discounted-order.ts";
import { type MassOrderLine, readMassOrderLines } from "./mass-order-lines.ts";
import { MASS_ORDER_TEXT, unknownServiceId } from "./mass-order-text.ts";
import { ORDER_TEXT } from "./messages.ts";
import { draftTypedOrder } from "./order-type-draft.server.ts";
import { checkInstagramPostLink, checkTargetLink } from "./target-link.ts";

/** What a valid line places: a one-time service's order, or a likes pack (the API's Package type). */
export type MassOrderPlacement =
  | { kind: "service"; serviceId: string; quantity: number; targetLink: string }
  | { kind: "pack"; packId: string; targetLink: string };

/** Where a line is: its number in the paste and its text. */
export type MassOrderLineAt = { line: number; text: string };

/** One line of the preview: what it orders and its price, or why it cannot be placed (nothing is charged). */
export type MassOrderLineVerdict =
  | {
      ok: true;
      line: number;
      text: string;
      serviceName: string;
      quantity: number;
      targetLink: string;
      totalCents: Cents;
      placement: MassOrderPlacement;
    }
  | (MassOrderLineAt & Refusal);

export type MassOrderPreview =
  | {
      ok: true;
      lines: MassOrderLineVerdict[];
      /** The total of the valid lines. */
      totalCents: Cents;
      balanceCents: Cents;
      /** A fresh id for this batch: the placing derives each line's idempotency key from it (product rules 1.4). */
      batchId: string;
    }
  | Refusal;

/**
 * Reads and checks a mass order (product rules 4.8) without charging anything: every line against the same
 * rules as a single order (the service exists, is enabled and not an auto service; the link suits its platform;
 * the quantity is within its limits), priced by the server, with the total of the valid lines and the balance.
 */
export async function previewMassOrder(
  db: Executor,
  userId: string,
  paste: string,
): Promise<MassOrderPreview> {
  const read = readMassOrderLines(paste);
  if (!read.ok) return read;
  const discountTenths = await readCustomerDiscount(db, userId);
  const [lines, balance] = await Promise.all([
    checkMassOrderLines(db, read.lines, discountTenths),
    readBalance(db, userId),
  ]);
  return {
    ok: true,
    lines,
    totalCents: validTotal(lines),
    balanceCents: cents(balance ?? 0),
    batchId: randomUUID(),
  };
}

/** The total of the lines that can be placed. */
export function validTotal(lines: readonly MassOrderLineVerdict[]): Cents {
  return cents(lines.reduce((sum, line) => sum + (line.ok ? line.totalCents : 0), 0));
}

/** Each line checked and priced (less the customer's discount, product rules 15.28), in the paste's order. */
export function checkMassOrderLines(
  db: Executor,
  lines: readonly MassOrderLine[],
  discountTenths: number,
): Promise<MassOrderLineVerdict[]> {
  return Promise.all(lines.map((line) => checkLine(db, line, discountTenths)));
}

async function checkLine(
  db: Executor,
  line: MassOrderLine,
  discountTenths: number,
): Promise<MassOrderLineVerdict> {
  const { fields } = line;
  const refused = (message: string): MassOrderLineVerdict => ({
    ...refuse("invalid", message),
    line: line.line,
    text: line.text,
  });
  if ("error" in fields) return refused(fields.error);
  const serviceId = await findServiceIdByApiId(db, fields.serviceApiId);
  const service = serviceId ? await findServiceForOrder(db, serviceId) : null;
  if (!service) return checkPackLine(db, line, { ...fields, discountTenths }, refused);
  if (service.serviceType === "auto") return refused(ORDER_TEXT.autoServiceInQuickFlow.message);
  if (service.orderType === "custom_comments") return refused(MASS_ORDER_TEXT.commentsService);
  const typed = draftTypedOrder(service, { quantity: fields.quantity });
  if ("ok" in typed) return refused(typed.message);
  const link = checkTargetLink(fields.link, service);
  if (!link.ok) return refused(link.message);
  return {
    ok: true,
    line: line.line,
    text: line.text,
    serviceName: formatServiceName(service.name),
    quantity: typed.quantity,
    targetLink: link.link,
    totalCents: discountOrder(typed, discountTenths).totalCents,
    placement: { kind: "service", serviceId: service.id, quantity: fields.quantity, targetLink: link.link },
  };
}

/** Not a service: maybe a likes pack, whose id comes from the same number space (docs/decisions/021). */
async function checkPackLine(
  db: Executor,
  line: MassOrderLine,
  fields: { serviceApiId: number; link: string; quantity: number; discountTenths: number },
  refused: (message: string) => MassOrderLineVerdict,
): Promise<MassOrderLineVerdict> {
  const pack = await findLikesPackByApiId(db, fields.serviceApiId);
  if (!pack) return refused(unknownServiceId(String(fields.serviceApiId)));
  if (fields.quantity !== 1) return refused(MASS_ORDER_TEXT.packQuantity);
  const link = checkInstagramPostLink(fields.link);
  if (!link.ok) return refused(link.message);
  return {
    ok: true,
    line: line.line,
    text: line.text,
    serviceName: likesPackProductName(pack.name),
    quantity: pack.likes,
    targetLink: link.link,
    totalCents: discountedCharge(pack.priceCents, fields.discountTenths),
    placement: { kind: "pack", packId: pack.id, targetLink: link.link },
  };
}
