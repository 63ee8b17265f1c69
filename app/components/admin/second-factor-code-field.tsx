import { SECOND_FACTOR_CODE_FIELD, TWO_FACTOR_TEXT } from "../../domain/accounts/two-factor-text.ts";
import { Input } from "../ui/input.tsx";

/**
 * The code a sensitive admin change asks for when the session passed none within the last quarter of an hour
 * (product rules 15.35): shown when the page's data says so or the server has just asked for it (`error`).
 */
export function SecondFactorCodeField({
  needed,
  error,
  className = "",
}: {
  needed: boolean;
  error?: string;
  className?: string;
}) {
  if (!needed && !error) return null;
  return (
    <Input
      label={TWO_FACTOR_TEXT.confirmLabel}
      name={SECOND_FACTOR_CODE_FIELD}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="123456"
      hint={TWO_FACTOR_TEXT.confirmHint}
      error={error}
      fieldClassName={className}
      required
    />
  );
}
