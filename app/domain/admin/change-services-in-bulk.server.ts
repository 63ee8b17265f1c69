import type { Database, Executor } from "../../db/client.server.ts";
import { formatExactRate } from "../../lib/format-money.ts";
import { BULK_TEXT, type BulkOutcome, bulkSummary, countOf } from "../bulk-change.ts";
import {
  BULK_SERVICE_LABELS,
  type BulkServiceChange,
  SERVICE_NOUN,
} from "../catalog/bulk-service-actions.ts";
import { listServiceCategories } from "../catalog/list-platforms.server.ts";
import { findServiceForAdmin } from "../catalog/list-services-for-admin.server.ts";
import { saveService } from "../catalog/save-service.server.ts";
import type { AdminService, ServiceInput } from "../catalog/service-form.ts";
import { readServiceMargins } from "../fulfilment/provider-costs.server.ts";
import type { Notice } from "../notice.ts";
import { rateMargin } from "../pricing/margin.ts";
import { belowCostReason } from "./service-cost-floor.server.ts";

/** What a bulk change of services would do, before it is confirmed (product rules 14.33, 14.34). */
export type BulkServicePreview = { question: string; details: string[]; ids: string[] };

/** The ticked services that still exist, in the order they were ticked. */
async function readSelected(db: Executor, ids: readonly string[]): Promise<AdminService[]> {
  const found = await Promise.all(ids.map((id) => findServiceForAdmin(db, id)));
  return found.filter((service): service is AdminService => service !== null);
}

/**
 * Why `change` would leave a service as it is, or null when it changes it: already so, a price below the cost its
 * provider charges (known costs only, as the services list shows them), a category of another platform.
 */
async function refusalsOf(
  db: Executor,
  selected: readonly AdminService[],
  change: BulkServiceChange,
): Promise<Map<string, string>> {
  const reasons = new Map<string, string>();
  const margins =
    change.action === "price"
      ? await readServiceMargins(
          db,
          selected.map((service) => ({ id: service.id, pricePer1000: change.pricePer1000 })),
        )
      : {};
  const categories = change.action === "category" ? await listServiceCategories(db) : [];
  for (const service of selected) {
    const reason = refusalOf(service, change, margins[service.id], categories);
    if (reason) reasons.set(service.id, reason);
  }
  return reasons;
}

function refusalOf(
  service: AdminService,
  change: BulkServiceChange,
  margin: Awaited<ReturnType<typeof readServiceMargins>>[string] | undefined,
  categories: readonly { id: string; platform: string }[],
): string | null {
  switch (change.action) {
    case "enable":
      return service.enabled ? "already enabled" : null;
    case "disable":
      return service.enabled ? null : "already disabled";
    case "price":
      if (rateMargin(service.pricePer1000, change.pricePer1000).margin === "0.0000")
        return "already at that price";
      // The cost floor (product rules 13.12): a price below what the provider charges is never set.
      return belowCostReason(margin);
    case "category": {
      if (service.categoryId === change.categoryId) return "already in that category";
      const category = categories.find((row) => row.id === change.categoryId);
      if (change.categoryId !== null && category?.platform !== service.platform)
        return "the category is another platform's";
      return null;
    }
  }
}

/** The question a bulk change asks, in words: "Set the price of 4 services to $2.5000?" */
async function questionOf(db: Executor, change: BulkServiceChange, count: number): Promise<string> {
  const services = countOf(count, SERVICE_NOUN);
  switch (change.action) {
    case "enable":
    case "disable":
      return `${BULK_SERVICE_LABELS[change.action]} ${services}?`;
    case "price":
      return `Set the price of ${services} to ${formatExactRate(change.pricePer1000)}?`;
    case "category": {
      const name = (await listServiceCategories(db)).find((row) => row.id === change.categoryId)?.name;
      return `Set the category of ${services} to ${name ?? "none"}?`;
    }
  }
}

/** What a bulk change of the ticked services would do now, in words. */
export async function previewBulkServiceChange(
  db: Executor,
  input: { ids: string[]; change: BulkServiceChange },
): Promise<BulkServicePreview> {
  const selected = await readSelected(db, input.ids);
  const refused = await refusalsOf(db, selected, input.change);
  return {
    question: await questionOf(db, input.change, selected.length - refused.size),
    details: selected.flatMap((service) => {
      const reason = refused.get(service.id);
      return reason ? [`${service.name} will not change (${reason}).`] : [];
    }),
    ids: selected.map((service) => service.id),
  };
}

/** The service as its form would save it, with the change made. */
function withChange(service: AdminService, change: BulkServiceChange): ServiceInput {
  const { id: _id, slug: _slug, lastSyncChange: _sync, ...input } = service;
  switch (change.action) {
    case "enable":
    case "disable":
      return { ...input, enabled: change.action === "enable" };
    case "price":
      return { ...input, pricePer1000: change.pricePer1000 };
    case "category":
      return { ...input, categoryId: change.categoryId };
  }
}

/**
 * Changes each ticked service through the service form's own save (saveService: the placement checks, the
 * audit of what changed), one service per transaction; a price below its known cost is refused.
 */
export async function changeServicesInBulk(
  db: Database,
  input: { adminId: string; ids: string[]; change: BulkServiceChange },
): Promise<{ ok: true; outcomes: BulkOutcome[]; notice: Notice }> {
  const selected = await readSelected(db, input.ids);
  const refused = await refusalsOf(db, selected, input.change);
  const outcomes: BulkOutcome[] = [];
  for (const service of selected) {
    const reason = refused.get(service.id);
    if (reason) {
      outcomes.push({ label: service.name, result: "refused", reason });
      continue;
    }
    const saved = await saveService(db, {
      adminId: input.adminId,
      serviceId: service.id,
      service: withChange(service, input.change),
    });
    outcomes.push(
      saved.ok
        ? { label: service.name, result: "done" }
        : { label: service.name, result: "refused", reason: saved.message.toLowerCase() },
    );
  }
  const done = { enable: "enabled", disable: "disabled", price: "repriced", category: "moved" }[
    input.change.action
  ];
  return {
    ok: true,
    outcomes,
    notice: { title: BULK_TEXT.done, message: `${bulkSummary(outcomes, { noun: SERVICE_NOUN, done })}.` },
  };
}
