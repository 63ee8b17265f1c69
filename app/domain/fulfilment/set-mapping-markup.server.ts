import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { providerServices } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import type { Notice } from "../notice.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { auditProviderChange } from "./manage-providers.server.ts";
import { PROVIDER_TEXT } from "./messages.ts";
import type { MappingMarkupFields } from "./provider-form.ts";

/**
 * Sets a mapped service's own markup, or clears it to follow its provider's (null): the sync reprices by it on
 * the next rate rise, an import already priced by it. Audited.
 */
export async function setMappingMarkup(
  db: Database,
  input: { adminId: string; providerId: string; markup: MappingMarkupFields },
): Promise<{ ok: true; notice: Notice } | Refusal> {
  const { serviceId, markupPercent, markupMinPer1000 } = input.markup;
  if (!isUuid(serviceId) || !isUuid(input.providerId))
    return refuse("not_found", PROVIDER_TEXT.unknownService);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(providerServices)
      .set({ markupPercent, markupMinPer1000 })
      .where(
        and(eq(providerServices.serviceId, serviceId), eq(providerServices.providerId, input.providerId)),
      )
      .returning({ serviceId: providerServices.serviceId });
    if (!updated) return refuse("not_found", PROVIDER_TEXT.unknownService);
    await auditProviderChange(tx, input.adminId, "provider.service_markup", input.providerId, {
      service_id: serviceId,
      markup_percent: markupPercent,
      markup_min_per_1000: markupMinPer1000,
    });
    return { ok: true as const, notice: { title: PROVIDER_TEXT.markupSaved, message: "" } };
  });
}
