import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";

export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /**
   * The pages (paths) the toast is shown on; by default the page it was raised on. A toast that explains a detour
   * names the page it leads to as well (the order pages' "Insufficient Balance", shown on the wallet).
   */
  pages?: readonly string[];
};
type ShownToast = ToastMessage & { id: number; pages: readonly string[] };

const ToastContext = createContext<(toast: ToastMessage) => void>(() => {});

const TOAST_DURATION_MS = 5_000;

/** Shows a toast from any component (the spec's titles and texts). */
export function useToast(): (toast: ToastMessage) => void {
  return useContext(ToastContext);
}

/**
 * Holds the toasts of the page, the app's one toast region (mounted once, in the root). A toast belongs to the
 * page it was raised on and goes when the customer moves to another page (product rules 12.2); `initial` is the
 * flash toast the server sent with this page's response, so it belongs to the page it arrives with.
 */
export function ToastProvider({
  children,
  initial,
}: {
  children: React.ReactNode;
  initial: ToastMessage | null;
}) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);
  const { pathname } = useLocation();
  // The page on screen, for a toast raised without `pages`: layout effects run before every page's own effects,
  // so a toast a new page raises as it mounts is already counted as that page's.
  const currentPage = useRef(pathname);
  useLayoutEffect(() => {
    currentPage.current = pathname;
  }, [pathname]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (toast: ToastMessage) => {
      const id = nextId.current++;
      const pages = toast.pages ?? [currentPage.current];
      // A new toast replaces the one shown: the region says the latest outcome, never a stack of stale ones
      // (product rules 12.2).
      setToasts([{ ...toast, id, pages }]);
      window.setTimeout(() => dismiss(id), TOAST_DURATION_MS);
    },
    [dismiss],
  );
  // Leaving a page drops its toasts (hidden at once below, forgotten here).
  useEffect(() => {
    setToasts((all) => {
      const kept = all.filter((toast) => toast.pages.includes(pathname));
      return kept.length === all.length ? all : kept;
    });
  }, [pathname]);
  useEffect(() => {
    if (initial) show(initial);
  }, [initial, show]);
  const shown = toasts.filter((toast) => toast.pages.includes(pathname));
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section
        aria-label="Notifications"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {shown.map((toast) => (
          <div
            key={toast.id}
            role={toast.variant === "destructive" ? "alert" : "status"}
            data-testid="toast"
            className={`pointer-events-auto w-full max-w-sm rounded-xl border p-4 shadow-lg ${
              toast.variant === "destructive"
                ? "border-red-200 bg-red-600 text-white"
                : "border-slate-200 bg-white text-slate-900"
            }`}
          >
            <div className="flex items-start gap-3">
              <div className="flex-1">
                <p className="font-semibold">{toast.title}</p>
                {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
              </div>
              <button
                type="button"
                onClick={() => dismiss(toast.id)}
                className="rounded p-1 text-sm opacity-70 hover:opacity-100"
                aria-label="Dismiss notification"
              >
                ✕
              </button>
            </div>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}
