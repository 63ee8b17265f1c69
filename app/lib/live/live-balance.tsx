import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useRevalidator } from "react-router";
import { useToast } from "../../components/ui/toaster.tsx";
import { formatCents } from "../format-money.ts";
import { RECONNECT_DELAYS_MS } from "./reconnect-delays.ts";

/** At most one reload of the page data per this interval when the window regains focus. */
const FOCUS_REVALIDATE_THROTTLE_MS = 5_000;

type LiveBalance = { balanceCents: number | null; following: boolean };
const LiveBalanceContext = createContext<LiveBalance>({ balanceCents: null, following: false });

/**
 * The signed-in user's balance as it is now: the loader's value, replaced by every newer one the server
 * pushes. `initialCents` (a loader's own reading) stands in until the live value is known.
 */
export function useLiveBalance(initialCents: number): number {
  return useContext(LiveBalanceContext).balanceCents ?? initialCents;
}

/** True once the server's stream is open and has sent the balance (changes from then on arrive live). */
export function useFollowingBalance(): boolean {
  return useContext(LiveBalanceContext).following;
}

/**
 * Follows the signed-in user's balance over /api/live (one stream per page), shows 'Balance Updated' and
 * reloads the page's data on each change, and reloads it too when the window regains focus.
 */
export function LiveBalanceProvider({
  userId,
  loaderBalanceCents,
  children,
}: {
  userId: string | null;
  loaderBalanceCents: number | null;
  children: React.ReactNode;
}) {
  const [balanceCents, setBalanceCents] = useState(loaderBalanceCents);
  const [following, setFollowing] = useState(false);
  const { pathname } = useLocation();
  // The admin area has no wallet button: only the storefront's signed-in pages follow the balance.
  const streamUserId = userId !== null && !pathname.startsWith("/admin") ? userId : null;
  const live = streamUserId !== null;
  const showToast = useToast();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // The effects below outlive renders; they read these through refs so the stream is not reopened.
  // While a navigation or form submission is under way it loads fresh data itself; a revalidation now would
  // interrupt its loaders and drop what they returned once (the toast of a redirect after an order).
  const navigatingRef = useRef(false);
  navigatingRef.current = navigation.state !== "idle";
  const revalidate = () => (navigatingRef.current ? Promise.resolve() : revalidator.revalidate());
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const toastRef = useRef(showToast);
  toastRef.current = showToast;
  const loaderBalanceRef = useRef(loaderBalanceCents);
  loaderBalanceRef.current = loaderBalanceCents;

  // A fresh loader reading (navigation, action, revalidation) is the newest value.
  useEffect(() => {
    setBalanceCents(loaderBalanceCents);
  }, [loaderBalanceCents]);

  useEffect(() => {
    if (!streamUserId) return;
    let source: EventSource | null = null;
    let retry: number | undefined;
    let failures = 0;
    let lastPushed: number | null = null;
    let stopped = false;

    const open = () => {
      source = new EventSource("/api/live");
      source.addEventListener("balance", (message) => {
        failures = 0;
        const value = readBalance(message.data);
        if (value === null) return;
        const first = lastPushed === null;
        const changed = !first && value !== lastPushed;
        lastPushed = value;
        setBalanceCents(value);
        setFollowing(true);
        if (changed) {
          toastRef.current({ title: "Balance Updated", description: `New balance: ${formatCents(value)}` });
          reloadQuietly(revalidateRef.current);
        } else if (first && value !== loaderBalanceRef.current) {
          // It changed between the page's render and the stream's start: no news to announce, but stale lists.
          reloadQuietly(revalidateRef.current);
        }
      });
      source.addEventListener("order", () => reloadQuietly(revalidateRef.current));
      source.addEventListener("error", () => {
        // Reopen on our own schedule rather than the browser's, which gives up on some errors (401).
        source?.close();
        source = null;
        setFollowing(false);
        if (stopped) return;
        const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
        failures += 1;
        retry = window.setTimeout(open, delay);
      });
    };
    open();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      source?.close();
      setFollowing(false);
    };
  }, [streamUserId]);

  useEffect(() => {
    if (!live) return;
    let last = Date.now();
    const reload = () => {
      if (document.visibilityState !== "visible") return;
      if (Date.now() - last < FOCUS_REVALIDATE_THROTTLE_MS) return;
      last = Date.now();
      reloadQuietly(revalidateRef.current);
    };
    window.addEventListener("focus", reload);
    document.addEventListener("visibilitychange", reload);
    return () => {
      window.removeEventListener("focus", reload);
      document.removeEventListener("visibilitychange", reload);
    };
  }, [live]);

  return (
    <LiveBalanceContext.Provider value={{ balanceCents: live ? balanceCents : null, following }}>
      {children}
    </LiveBalanceContext.Provider>
  );
}

function readBalance(data: unknown): number | null {
  try {
    const parsed: unknown = JSON.parse(String(data));
    const value = (parsed as { balanceCents?: unknown } | null)?.balanceCents;
    return typeof value === "number" && Number.isSafeInteger(value) ? value : null;
  } catch {
    return null;
  }
}

/** Reloads the page's data (unless a navigation is loading it anyway); a reload cut short by one is harmless. */
function reloadQuietly(revalidate: () => Promise<void>): void {
  revalidate().catch(() => {});
}
