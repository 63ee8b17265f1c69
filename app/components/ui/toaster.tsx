import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

export type ToastMessage = { title: string; description?: string; variant?: "default" | "destructive" };
type ShownToast = ToastMessage & { id: number };

const ToastContext = createContext<(toast: ToastMessage) => void>(() => {});

const TOAST_DURATION_MS = 5_000;

/** Shows a toast from any component (the spec's titles and texts). */
export function useToast(): (toast: ToastMessage) => void {
  return useContext(ToastContext);
}

/** Holds the toasts of the page; `initial` is the flash toast the server sent with this response. */
export function ToastProvider({
  children,
  initial,
}: {
  children: React.ReactNode;
  initial: ToastMessage | null;
}) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (toast: ToastMessage) => {
      const id = nextId.current++;
      setToasts((all) => [...all.slice(-2), { ...toast, id }]);
      window.setTimeout(() => dismiss(id), TOAST_DURATION_MS);
    },
    [dismiss],
  );
  useEffect(() => {
    if (initial) show(initial);
  }, [initial, show]);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section
        aria-label="Notifications"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {toasts.map((toast) => (
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
