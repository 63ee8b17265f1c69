import type { OrderMetadata } from "../../db/schema.ts";

/**
 * The metadata every order and auto order carries about what it is and where it came from: the service, and
 * for an admin's manual order the mark and the admin's notes the admin pages show.
 */
export function orderOrigin(
  service: { name: string; platform: string },
  placedBy: { createdByAdminId?: string; adminNotes?: string },
): OrderMetadata {
  return {
    service_name: service.name,
    platform: service.platform,
    ...(placedBy.createdByAdminId !== undefined
      ? { created_by_admin: true, manual_order: true, admin_notes: placedBy.adminNotes ?? "" }
      : {}),
  };
}
