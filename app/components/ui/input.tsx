import type { ComponentPropsWithRef, ReactNode } from "react";
import { controlClass, Field, type FieldProps, type FieldSize, fieldParts } from "./field.tsx";

type Props = Omit<ComponentPropsWithRef<"input">, "size"> &
  FieldProps & {
    size?: FieldSize;
    /** Shown at the right edge inside the field (e.g. a show/hide password toggle). */
    trailing?: ReactNode;
  };

/** A labelled one-line text field (see Field for what it announces). */
export function Input({ size = "md", trailing, className = "", ...props }: Props) {
  const { field, control } = fieldParts(props);
  return (
    <Field {...field}>
      {(described) => (
        <div className="relative">
          <input
            {...described}
            required={field.required}
            className={controlClass(
              size,
              Boolean(field.error),
              `read-only:bg-slate-50 read-only:text-slate-600 ${trailing ? "pr-20" : ""} ${className}`,
            )}
            {...control}
          />
          {trailing ? (
            <div className="absolute inset-y-0 right-0 flex items-center pr-2">{trailing}</div>
          ) : null}
        </div>
      )}
    </Field>
  );
}
