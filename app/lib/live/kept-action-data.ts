import { useRef } from "react";
import { useLocation } from "react-router";

/**
 * The page's answer to its last form, kept while the customer stays on it (product rules 12.7). React Router
 * forgets an action's answer when the page's data is read again, which a live update does on the pages that show
 * orders or the balance: without this, a refusal or a result beside an order would vanish at the next update.
 * A new answer replaces it; moving to another address (a link, a search, a redirect) forgets it.
 */
export function useKeptActionData<T>(actionData: T | undefined): T | undefined {
  const { key } = useLocation();
  const kept = useRef<{ key: string; answer: T | undefined }>({ key, answer: actionData });
  if (actionData !== undefined) kept.current = { key, answer: actionData };
  else if (kept.current.key !== key) kept.current = { key, answer: undefined };
  return kept.current.answer;
}
