import { useSyncExternalStore } from "react";

const noChanges = () => () => {};

/**
 * False on the server and while the page hydrates, true once its scripts run (and on every page rendered in the
 * browser after that): a page without JavaScript never gets there, so what only such a page needs (a refusal the
 * toasts would otherwise say) renders while this is false.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
