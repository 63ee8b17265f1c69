import type { ComponentPropsWithRef } from "react";
import { controlClass, Field, type FieldProps, type FieldSize, fieldParts } from "./field.tsx";

type Props = Omit<ComponentPropsWithRef<"select">, "size"> &
  FieldProps & {
    size?: FieldSize;
    /** Options with the same text and value shape; children (e.g. a "Choose..." option) come before them. */
    options?: readonly { value: string; label: string }[];
  };

/** A labelled select (see Field for what it announces). */
export function Select({ size = "md", className = "", options = [], children, ...props }: Props) {
  const { field, control } = fieldParts(props);
  return (
    <Field {...field}>
      {(described) => (
        <select
          {...described}
          required={field.required}
          className={controlClass(size, Boolean(field.error), `max-w-full ${className}`)}
          {...control}
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
