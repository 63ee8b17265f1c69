import { safeNextPath } from "../accounts/safe-next.ts";

/**
 * Where the customer lands after the hosted checkout: /wallet?payment=success (and the page they came from in
 * `next`), or back to /wallet when they cancel. Local paths; a provider that needs absolute URLs prefixes them.
 */
export function depositReturnPaths(returnPath: string | null | undefined): {
  success: string;
  cancel: string;
} {
  const next = returnPath ? safeNextPath(returnPath, "") : "";
  const nextQuery = next ? `next=${encodeURIComponent(next)}` : "";
  return {
    success: `/wallet?payment=success${nextQuery ? `&${nextQuery}` : ""}`,
    cancel: `/wallet${nextQuery ? `?${nextQuery}` : ""}`,
  };
}
