import type { Executor } from "../../db/client.server.ts";
import { type ChangeMade, formRefusal } from "../admin-form.ts";
import { withAdminAction } from "../audit/record-admin-action.server.ts";
import type { Refusal } from "../refusal.ts";
import { revokeApiKey } from "./api-keys.server.ts";
import { API_KEY_ADMIN_TEXT } from "./api-text.ts";

/**
 * An admin revokes one of a customer's API keys from the user's page (product rules 15.24): the customer's own
 * revoke, with its audit row in the same transaction. Requests with the key are refused from then on.
 */
export async function revokeApiKeyByAdmin(
  db: Executor,
  input: { adminId: string; userId: string; keyId: string },
): Promise<ChangeMade | Refusal> {
  const revoked = await withAdminAction(
    db,
    (tx) => revokeApiKey(tx, { userId: input.userId, keyId: input.keyId }),
    (result) =>
      result.ok
        ? {
            adminId: input.adminId,
            action: "api_key.revoke",
            subjectType: "user",
            subjectId: input.userId,
            details: { keyId: input.keyId },
          }
        : null,
  );
  if (!revoked.ok)
    return formRefusal(API_KEY_ADMIN_TEXT.refusedTitle, {}, { kind: "not_found", message: revoked.message });
  return {
    ok: true,
    notice: { title: API_KEY_ADMIN_TEXT.revokedTitle, message: API_KEY_ADMIN_TEXT.revoked },
  };
}
