import type { ReactNode } from "react";
import { DASHBOARD_TEXT } from "../../domain/dashboard/messages.ts";

/** The text of an empty list (the spec's own words). */
export function EmptyState({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p
      className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600"
      data-testid={testId}
    >
      {children}
    </p>
  );
}

/** A part of the dashboard that could not be read: the spec's 'Error loading data' and the reason. */
export function LoadError({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-sm text-red-800">
      <p className="font-semibold">{DASHBOARD_TEXT.loadError}</p>
      <p className="mt-1">{message}</p>
    </div>
  );
}
