import { type ComponentPropsWithRef, type ReactNode, useId } from "react";

type Props = Omit<ComponentPropsWithRef<"input">, "type"> & {
  label: string;
  hint?: ReactNode;
  /** Classes for the field's box (its place in the form's layout). */
  fieldClassName?: string;
};

/** A labelled checkbox (sent as "on" when ticked), its hint read with it. */
export function Checkbox({ label, hint, fieldClassName = "", id, className = "", ...props }: Props) {
  const generatedId = useId();
  const checkboxId = id ?? generatedId;
  const hintId = hint ? `${checkboxId}-hint` : undefined;
  return (
    <div className={`flex items-start gap-3 ${fieldClassName}`}>
      <input
        id={checkboxId}
        type="checkbox"
        aria-describedby={hintId}
        className={`mt-1 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed ${className}`}
        {...props}
      />
      <div>
        <label htmlFor={checkboxId} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-xs text-slate-500">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
