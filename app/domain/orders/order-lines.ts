import type { OrderLine } from "../../db/schema.ts";
import { orderLineName } from "../catalog/product-name.ts";
import { type Cents, cents, isCents } from "../pricing/cents.ts";

/** metadata.services as stored, keeping only well-formed lines. */
export function orderLines(value: unknown): OrderLine[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((line: unknown) => {
    if (typeof line !== "object" || line === null) return [];
    const { service_type, quantity, total_cents } = line as Record<string, unknown>;
    if (typeof service_type !== "string" || typeof quantity !== "number") return [];
    return [{ service_type, quantity, total_cents: isCents(total_cents) ? total_cents : cents(0) }];
  });
}

/** One part of what an order bought, as the customer reads it: "Extra Instagram Views", 5,000, $7.50. */
export type OrderPart = { name: string; quantity: number; chargeCents: Cents };

/**
 * What an order of several lines bought (a likes pack with its add-ons), each line named and charged as it was
 * at checkout; empty for an order of one line, whose service and quantity already say it all (product rules 3.7).
 */
export function orderParts(metadata: unknown): OrderPart[] {
  const services = (metadata as { services?: unknown } | null)?.services;
  const lines = orderLines(services);
  if (lines.length < 2) return [];
  return lines.map((line) => ({
    name: orderLineName(line.service_type),
    quantity: line.quantity,
    chargeCents: line.total_cents,
  }));
}
