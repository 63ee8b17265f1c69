import { saveServiceAboveCost } from "../../domain/admin/service-cost-floor.server.ts";
import type { ChangeAnswer } from "../../domain/admin-form.ts";
import { serviceRefused } from "../../domain/catalog/save-service.server.ts";
import { serviceForm } from "../../domain/catalog/service-form.ts";
import { issuesByField } from "../../domain/refusal.ts";
import type { Database } from "../../lib/database-context.server.ts";

/**
 * The service form: parsed with the catalog's schema ('Failed to create/update service' and each field at fault
 * when it does not parse), then saveServiceAboveCost creates the service, or updates the one `serviceId` names
 * unless its new price is below its provider's cost.
 */
export async function saveServiceFromForm(
  db: Database,
  input: { adminId: string; serviceId?: string; form: Record<string, unknown> },
): Promise<ChangeAnswer> {
  const parsed = serviceForm.safeParse(input.form);
  if (!parsed.success)
    return serviceRefused(input.serviceId ? "update" : "create", issuesByField(parsed.error));
  return saveServiceAboveCost(db, {
    adminId: input.adminId,
    serviceId: input.serviceId,
    service: parsed.data,
  });
}
