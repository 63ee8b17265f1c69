import type { ComponentPropsWithRef } from "react";
import { controlClass, Field, type FieldProps, fieldParts } from "./field.tsx";

type Props = ComponentPropsWithRef<"textarea"> & FieldProps;

/** A labelled multi-line text field (see Field for what it announces). */
export function Textarea({ className = "", ...props }: Props) {
  const { field, control } = fieldParts(props);
  return (
    <Field {...field}>
      {(described) => (
        <textarea
          {...described}
          required={field.required}
          className={controlClass(
            "md",
            Boolean(field.error),
            `read-only:bg-slate-50 read-only:text-slate-600 ${className}`,
          )}
          {...control}
        />
      )}
    </Field>
  );
}
