import { type ReactNode, useId } from "react";

/** "md": a form's field; "sm": a control inside a table row, as wide as its `className` says. */
export type FieldSize = "md" | "sm";

const SIZES: Record<FieldSize, string> = {
  md: "block w-full px-3 py-2.5",
  sm: "px-2 py-1.5 text-sm",
};

/**
 * The look every text control shares (Input, Select, Textarea): border, focus ring, size, the disabled state and
 * a red border while it holds an error.
 */
export function controlClass(size: FieldSize, invalid: boolean, extra = ""): string {
  return `rounded-lg border bg-white text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ${
    SIZES[size]
  } ${invalid ? "border-red-500" : "border-slate-300"} ${extra}`;
}

/** What a field says around its control; Input, Select and Textarea take the same. */
export type FieldProps = {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** Shows the required marker; the control itself carries `required`. */
  required?: boolean;
  /** Read to assistive technology but not shown: a control whose row already says what it is. */
  hideLabel?: boolean;
  /** Classes for the field's box (its place or width in the form's layout). */
  fieldClassName?: string;
};

/**
 * A labelled control's props, split into what its Field says around it (with its id and required marker) and
 * what the control itself takes: Input, Select and Textarea hand the first to Field and spread the second.
 */
export function fieldParts<P extends FieldProps & { id?: string; required?: boolean }>(props: P) {
  const { label, hint, error, required, hideLabel, fieldClassName, id, ...control } = props;
  return { field: { id, label, hint, error, required, hideLabel, fieldClassName }, control };
}

/** What the control of a field is given: its id, the texts that describe it, and whether it is invalid. */
export type ControlProps = {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
};

/**
 * A labelled field: the label names the control (by id), the hint and the error describe it (aria-describedby),
 * an error marks it invalid and is announced. The required marker is hidden from assistive technology, which
 * hears the control's own `required`.
 */
export function Field({
  id,
  label,
  hint,
  error,
  required,
  hideLabel,
  fieldClassName = "",
  children,
}: FieldProps & { id?: string; children: (control: ControlProps) => ReactNode }) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const labelElement = (
    <label htmlFor={controlId} className={hideLabel ? "sr-only" : "block text-sm font-medium text-slate-700"}>
      {label}
    </label>
  );
  return (
    // Never wider than its form: a select is as wide as its longest option, which a catalogue can make any length.
    <div className={`min-w-0 max-w-full space-y-1.5 ${fieldClassName}`}>
      {required && !hideLabel ? (
        <div className="flex items-baseline gap-0.5">
          {labelElement}
          <span aria-hidden="true" className="text-sm font-medium text-red-600">
            *
          </span>
        </div>
      ) : (
        labelElement
      )}
      {children({
        id: controlId,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
        "aria-invalid": error ? true : undefined,
      })}
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
