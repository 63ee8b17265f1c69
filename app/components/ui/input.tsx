import type { ComponentPropsWithRef, ReactNode } from "react";
import { controlClass, Field, type FieldProps, type FieldSize } from "./field.tsx";

type Props = Omit<ComponentPropsWithRef<"input">, "size"> &
  FieldProps & {
    size?: FieldSize;
    /** Shown at the right edge inside the field (e.g. a show/hide password toggle). */
    trailing?: ReactNode;
  };

/** A labelled one-line text field (see Field for what it announces). */
export function Input({
  label,
  error,
  hint,
  hideLabel,
  fieldClassName,
  size = "md",
  trailing,
  id,
  required,
  className = "",
  ...props
}: Props) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      hideLabel={hideLabel}
      fieldClassName={fieldClassName}
    >
      {(control) => (
        <div className="relative">
          <input
            {...control}
            required={required}
            className={controlClass(
              size,
              Boolean(error),
              `read-only:bg-slate-50 read-only:text-slate-600 ${trailing ? "pr-20" : ""} ${className}`,
            )}
            {...props}
          />
          {trailing ? (
            <div className="absolute inset-y-0 right-0 flex items-center pr-2">{trailing}</div>
          ) : null}
        </div>
      )}
    </Field>
  );
}
