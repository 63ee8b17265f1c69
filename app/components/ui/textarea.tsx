import type { ComponentPropsWithRef } from "react";
import { controlClass, Field, type FieldProps } from "./field.tsx";

type Props = ComponentPropsWithRef<"textarea"> & FieldProps;

/** A labelled multi-line text field (see Field for what it announces). */
export function Textarea({
  label,
  error,
  hint,
  hideLabel,
  fieldClassName,
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
        <textarea
          {...control}
          required={required}
          className={controlClass(
            "md",
            Boolean(error),
            `read-only:bg-slate-50 read-only:text-slate-600 ${className}`,
          )}
          {...props}
        />
      )}
    </Field>
  );
}
