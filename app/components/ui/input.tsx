import { type ComponentPropsWithRef, type ReactNode, useId } from "react";

type Props = ComponentPropsWithRef<"input"> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Shown at the right edge inside the field (e.g. a show/hide password toggle). */
  trailing?: ReactNode;
};

/** A labelled input with its hint and error announced to assistive technology. */
export function Input({ label, error, hint, trailing, id, className = "", ...props }: Props) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
          className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 read-only:bg-slate-50 read-only:text-slate-600 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ${
            error ? "border-red-500" : "border-slate-300"
          } ${trailing ? "pr-20" : ""} ${className}`}
          {...props}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-2">{trailing}</div>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
