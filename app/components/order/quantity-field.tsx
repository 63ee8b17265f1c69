import { useRef, useState } from "react";
import {
  type CountReading,
  type CountRules,
  readCount,
  stripLeadingZeros,
} from "../../domain/orders/quantity-input.ts";
import { formatCount } from "../../lib/format-money.ts";
import { Input } from "../ui/input.tsx";

/** A count field's text and how it reads; `value` is set only when it is exactly what will be ordered. */
export type CountInput = {
  text: string;
  setText: (text: string) => void;
  /** Null while the field has no rules yet (no service chosen). */
  reading: CountReading | null;
  rules: CountRules | null;
  value: number | null;
};

/** The state of one count field, read under `rules` as they are now (they change with the chosen service). */
export function useCountInput(initial: string | (() => string), rules: CountRules | null): CountInput {
  const [text, setText] = useState(initial);
  const reading = rules ? readCount(text, rules) : null;
  return { text, setText, reading, rules, value: reading?.kind === "valid" ? reading.value : null };
}

/**
 * Holds the form's next submission until the customer's next press or key. A reset on leaving the field enables
 * Place Order at once; when the press that left the field was on Place Order itself, its click would otherwise
 * send an order whose new total the customer has not seen yet. The held submission never reaches the page.
 */
function holdNextSubmit(form: HTMLFormElement | null) {
  if (!form) return;
  const hold = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
  };
  const release = () => {
    form.removeEventListener("submit", hold);
    document.removeEventListener("pointerdown", release, true);
    document.removeEventListener("keydown", release, true);
  };
  form.addEventListener("submit", hold);
  // The press or key that left the field has already been dispatched: these are the customer's next ones.
  document.addEventListener("pointerdown", release, true);
  document.addEventListener("keydown", release, true);
}

/**
 * The shop's count field (docs/decisions/011-typed-counts.md): what the customer types stays as typed, except
 * that leading zeros go as they type and empty or below-minimum text becomes the minimum when they leave the
 * field. Anything else that is not a count within the limits shows the spec's message beside the field.
 */
export function QuantityField({
  input,
  label,
  name,
  hint,
  placeholderHint = "Choose a service first",
  error,
}: {
  input: CountInput;
  label: string;
  name: string;
  /** Replaces the "Between {min} and {max}" line (e.g. "Between 1 and 100 posts"). */
  hint?: string;
  /** Shown while there are no rules yet; the field is disabled until then. */
  placeholderHint?: string;
  /** The server's message about this field, shown while what is typed reads as a count. */
  error?: string | null;
}) {
  const { reading, rules } = input;
  const field = useRef<HTMLInputElement>(null);
  const range = rules ? (hint ?? `Between ${formatCount(rules.min)} and ${formatCount(rules.max)}`) : null;
  // Typed below the minimum: say what leaving the field will do before it does it.
  const resetTo = reading?.kind === "resets" && input.text.trim() !== "" ? reading.to : null;
  return (
    <Input
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      ref={field}
      value={input.text}
      disabled={!rules}
      onChange={(event) => input.setText(stripLeadingZeros(event.target.value))}
      onBlur={() => {
        if (reading?.kind !== "resets") return;
        input.setText(String(reading.to));
        holdNextSubmit(field.current?.form ?? null);
      }}
      hint={
        !range
          ? placeholderHint
          : resetTo !== null
            ? `${range}. Below the minimum: it becomes ${formatCount(resetTo)} when you leave this field.`
            : range
      }
      error={reading?.kind === "invalid" ? reading.notice.message : (error ?? null)}
    />
  );
}
