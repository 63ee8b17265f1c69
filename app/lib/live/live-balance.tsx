import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useLocation, useMatches, useNavigation, useRevalidator } from "react-router";
import { useToast } from "../../components/ui/toaster.tsx";
import { formatCents } from "../format-money.ts";
import { type LiveTopic, liveTopicsOf } from "./live-topics.ts";
import { RECONNECT_DELAYS_MS } from "./reconnect-delays.ts";
import { type RefreshScheduler, scheduleRefreshes } from "./refresh-scheduler.ts";

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
 * Follows the signed-in user's balance over /api/live (one stream per page) and shows 'Balance Updated'. The
 * page's data is read again only when the page shows what changed (its routes' `handle.live`, product rules
 * 12.5), once per burst of changes (12.6), and when the window regains focus on such a page; a page that shows
 * neither orders nor the balance keeps what is on it (a preview, results, a half-filled form).
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
  const navigatingRef = useRef(false);
  navigatingRef.current = navigation.state !== "idle";
  const topicsRef = useRef<ReadonlySet<LiveTopic>>(new Set());
  topicsRef.current = liveTopicsOf(useMatches());
  // While a navigation or form submission is under way, a revalidation would interrupt its loaders and drop what
  // they returned once (the toast of a redirect after an order); and they may have read before the update. So
  // the read waits until it has ended, then runs if the page then on screen shows live news.
  const idleWaitersRef = useRef<(() => void)[]>([]);
  useEffect(() => {
    if (navigation.state === "idle") for (const resume of idleWaitersRef.current.splice(0)) resume();
  }, [navigation.state]);
  const revalidate = async () => {
    while (navigatingRef.current) await new Promise<void>((resume) => idleWaitersRef.current.push(resume));
    if (topicsRef.current.size > 0) await revalidator.revalidate();
  };
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const schedulerRef = useRef<RefreshScheduler | null>(null);
  const refreshFor = (topic: LiveTopic | "any") => {
    const topics = topicsRef.current;
    if (topic === "any" ? topics.size === 0 : !topics.has(topic)) return;
    schedulerRef.current ??= scheduleRefreshes(() => revalidateRef.current(), markRefreshDue);
    schedulerRef.current.request();
  };
  const refreshForRef = useRef(refreshFor);
  refreshForRef.current = refreshFor;
  const toastRef = useRef(showToast);
  toastRef.current = showToast;
  const loaderBalanceRef = useRef(loaderBalanceCents);
  loaderBalanceRef.current = loaderBalanceCents;

  useEffect(() => () => schedulerRef.current?.stop(), []);

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
          refreshForRef.current("balance");
        } else if (first && value !== loaderBalanceRef.current) {
          // It changed between the page's render and the stream's start: no news to announce, but stale lists.
          refreshForRef.current("balance");
        }
      });
      source.addEventListener("order", () => refreshForRef.current("orders"));
      // The server's listener was away: whatever the page shows may have changed unheard.
      source.addEventListener("resync", () => refreshForRef.current("any"));
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
      refreshForRef.current("any");
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

/**
 * Marks the document while a read of the page's data is due or running (`data-live-refresh="due"`), so a test
 * can wait until a burst of updates has been answered instead of waiting a fixed time.
 */
function markRefreshDue(due: boolean): void {
  if (due) document.documentElement.dataset.liveRefresh = "due";
  else delete document.documentElement.dataset.liveRefresh;
}
