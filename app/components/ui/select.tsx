import type { ComponentPropsWithRef } from "react";
import { controlClass, Field, type FieldProps, type FieldSize } from "./field.tsx";

type Props = Omit<ComponentPropsWithRef<"select">, "size"> &
  FieldProps & {
    size?: FieldSize;
    /** Options with the same text and value shape; children (e.g. a "Choose..." option) come before them. */
    options?: readonly { value: string; label: string }[];
  };

/** A labelled select (see Field for what it announces). */
export function Select({
  label,
  error,
  hint,
  hideLabel,
  fieldClassName,
  size = "md",
  id,
  required,
  className = "",
  options = [],
  children,
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
        <select
          {...control}
          required={required}
          className={controlClass(size, Boolean(error), className)}
          {...props}
        >
          {children}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
