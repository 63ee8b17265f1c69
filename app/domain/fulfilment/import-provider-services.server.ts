import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import {
  platforms,
  providerCatalog,
  providerServices,
  providers,
  serviceCategories,
} from "../../db/schema.ts";
import { addService, type ServiceFields } from "../catalog/edit-service.server.ts";
import { SERVICE_MAX } from "../catalog/service-form-text.ts";
import { serviceSlug } from "../catalog/service-slug.ts";
import { isUuid } from "../ids.ts";
import type { Notice } from "../notice.ts";
import { costInDollars, type Markup, priceFromCost } from "../pricing/markup-price.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { usdPerUnit } from "./exchange-rates.server.ts";
import { auditProviderChange } from "./manage-providers.server.ts";
import { PROVIDER_TEXT } from "./messages.ts";
import { importedShape } from "./upstream-types.ts";

/** A refillable upstream service's refill window: the panels' usual 30 days (product rules 4.7, 13.27). */
export const IMPORTED_REFILL_DAYS = 30;
/** An imported auto service's default number of posts. */
const IMPORTED_DEFAULT_POSTS = 10;

/** The bulk import form, parsed: which upstream services, into which platform and category, at which markup. */
export type ImportSelection = {
  upstreamIds: string[];
  platform: string;
  categoryId: string | null;
  markup: Markup;
  enable: boolean;
};

export type ImportAnswer = { ok: true; notice: Notice; imported: string[] } | Refusal;

/**
 * Imports the selected services of a provider's catalogue (as its last sync read them) as shop services, each
 * as what it is upstream, priced by the markup from its cost in dollars, mapped to the provider, in one
 * transaction with one audit row. An upstream service already mapped is skipped, and so is a type the shop does
 * not sell; the notice says how many of each (docs/decisions/040).
 */
export async function importProviderServices(
  db: Database,
  input: { adminId: string; providerId: string; selection: ImportSelection },
): Promise<ImportAnswer> {
  const { selection } = input;
  if (!isUuid(input.providerId)) return refuse("not_found", PROVIDER_TEXT.notFound);
  if (selection.upstreamIds.length === 0) return refuse("invalid", PROVIDER_TEXT.noneSelected);
  const [provider] = await db.select().from(providers).where(eq(providers.id, input.providerId));
  if (!provider) return refuse("not_found", PROVIDER_TEXT.notFound);
  const placeRefusal = await checkPlace(db, selection);
  if (placeRefusal) return placeRefusal;
  const rate = await usdPerUnit(db, provider.currency);
  if (rate === null) return refuse("conflict", PROVIDER_TEXT.noRateFor(provider.currency));

  return db.transaction(async (tx) => {
    const listed = await tx
      .select()
      .from(providerCatalog)
      .where(
        and(
          eq(providerCatalog.providerId, provider.id),
          inArray(providerCatalog.upstreamId, selection.upstreamIds),
          isNull(providerCatalog.missingSince),
        ),
      );
    const mapped = new Set(
      (
        await tx
          .select({ id: providerServices.providerServiceId })
          .from(providerServices)
          .where(
            and(
              eq(providerServices.providerId, provider.id),
              inArray(providerServices.providerServiceId, selection.upstreamIds),
            ),
          )
      ).map((row) => row.id),
    );
    const unsellable = new Set<string>();
    let unsellableCount = 0;
    let alreadyMapped = 0;
    // Every price is checked before anything is written: a refusal leaves the transaction with nothing to undo.
    const planned = [];
    for (const entry of listed) {
      if (mapped.has(entry.upstreamId)) {
        alreadyMapped++;
        continue;
      }
      const shape = importedShape(entry.type, entry.dripfeed);
      if (!shape) {
        unsellable.add(entry.type);
        unsellableCount++;
        continue;
      }
      const cost = costInDollars(entry.rate, rate);
      const price = cost === null ? null : priceFromCost(cost, selection.markup);
      if (cost === null || price === null) return refuse("invalid", PROVIDER_TEXT.priceTooHigh(entry.name));
      planned.push({ entry, shape, cost, price });
    }
    const imported: string[] = [];
    for (const { entry, shape, cost, price } of planned) {
      const min = shape.fixedLimits ? 1 : entry.minQuantity;
      const fields: ServiceFields = {
        name: entry.name.slice(0, SERVICE_MAX.name),
        description: entry.category.slice(0, SERVICE_MAX.description),
        platform: selection.platform,
        categoryId: selection.categoryId,
        serviceType: shape.serviceType,
        targetKind: "post",
        pricePer1000: price,
        minQuantity: min,
        maxQuantity: shape.fixedLimits ? 1 : Math.max(min, entry.maxQuantity),
        defaultPosts: shape.serviceType === "auto" ? IMPORTED_DEFAULT_POSTS : null,
        orderType: shape.orderType,
        dripfeed: shape.dripfeed,
        refillDays: entry.refill ? IMPORTED_REFILL_DAYS : null,
        enabled: selection.enable,
      };
      const created = await addService(tx, {
        ...fields,
        slug: `${serviceSlug(entry.name).slice(0, 60)}-${serviceSlug(entry.upstreamId).slice(0, 20)}-${Date.now().toString(36)}`,
      });
      // The slug ends in the import's time, and a Package's limits are 1 and 1: nothing here is refused.
      if (!created.ok) throw new Error(`The imported service ${entry.upstreamId} was not stored`);
      await tx.insert(providerServices).values({
        serviceId: created.id,
        providerId: provider.id,
        providerServiceId: entry.upstreamId,
        providerServiceType: entry.type.slice(0, 50),
        minQuantity: entry.minQuantity,
        maxQuantity: entry.maxQuantity,
        upstreamRate: entry.rate,
        costPer1000: cost,
        // The provider's markup is followed; one set in the import form stays with these services.
        markupPercent: sameAmount(selection.markup.percent, provider.markupPercent)
          ? null
          : selection.markup.percent,
        markupMinPer1000: sameAmount(selection.markup.minPer1000, provider.markupMinPer1000)
          ? null
          : selection.markup.minPer1000,
        syncedAt: provider.syncedAt,
      });
      imported.push(created.id);
    }
    const notListed = selection.upstreamIds.length - listed.length;
    const skipped = [
      alreadyMapped > 0 ? PROVIDER_TEXT.alreadyImported(alreadyMapped) : "",
      unsellableCount > 0 ? PROVIDER_TEXT.unsellableType(unsellableCount, [...unsellable]) : "",
      notListed > 0 ? PROVIDER_TEXT.notListed(notListed) : "",
    ].filter(Boolean);
    if (imported.length === 0)
      return refuse("conflict", { title: PROVIDER_TEXT.nothingImported, message: skipped.join(" ") });
    await auditProviderChange(tx, input.adminId, "provider.services_imported", provider.id, {
      count: imported.length,
      service_ids: imported,
      provider_service_ids: selection.upstreamIds,
      platform: selection.platform,
      category_id: selection.categoryId,
      markup_percent: selection.markup.percent,
      markup_min_per_1000: selection.markup.minPer1000,
      enabled: selection.enable,
    });
    return { ok: true as const, imported, notice: PROVIDER_TEXT.servicesImported(imported.length, skipped) };
  });
}

function sameAmount(a: string, b: string): boolean {
  return Number(a) === Number(b);
}

/** The platform must exist, and the category, when one is chosen, must be that platform's. */
async function checkPlace(db: Database, selection: ImportSelection): Promise<Refusal | null> {
  const [platform] = await db
    .select({ slug: platforms.slug })
    .from(platforms)
    .where(eq(platforms.slug, selection.platform));
  if (!platform)
    return refuse("invalid", PROVIDER_TEXT.invalid, {
      fieldErrors: { platform: PROVIDER_TEXT.unknownPlatform },
    });
  if (selection.categoryId === null) return null;
  const [category] = isUuid(selection.categoryId)
    ? await db
        .select({ id: serviceCategories.id })
        .from(serviceCategories)
        .where(
          and(
            eq(serviceCategories.id, selection.categoryId),
            eq(serviceCategories.platform, selection.platform),
          ),
        )
    : [];
  return category
    ? null
    : refuse("invalid", PROVIDER_TEXT.invalid, {
        fieldErrors: { categoryId: PROVIDER_TEXT.unknownCategory },
      });
}
