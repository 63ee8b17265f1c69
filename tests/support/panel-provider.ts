import { db } from "../../app/db/client.server.ts";
import { mapProviderService } from "../../app/domain/fulfilment/provider-services.server.ts";
import { addProviderFromForm } from "../../app/routes/admin.providers.$providerId/provider-page-actions.server.ts";
import { createUser, serviceBySlug } from "./factories.ts";

/**
 * Adds a test panel as a provider the way an admin does on its page (its key checked by a balance call), then maps
 * shop services, by slug, to the panel's service ids: `{ "instagram-likes": "11" }`.
 */
export async function addPanelProvider(input: {
  name: string;
  apiUrl: string;
  apiKey: string;
  services: Record<string, string>;
}): Promise<{ providerId: string; adminId: string }> {
  const admin = await createUser({ admin: true });
  const added = await addProviderFromForm(db(), {
    adminId: admin.id,
    form: { name: input.name, apiUrl: input.apiUrl, apiKey: input.apiKey, supportsIdempotency: "on" },
  });
  if (!added.ok) throw new Error(added.message);
  for (const [slug, providerServiceId] of Object.entries(input.services)) {
    const mapped = await mapProviderService(db(), {
      adminId: admin.id,
      providerId: added.providerId,
      providerServiceId,
      serviceId: (await serviceBySlug(slug)).id,
    });
    if (!mapped.ok) throw new Error(mapped.message);
  }
  return { providerId: added.providerId, adminId: admin.id };
}
