import { Form } from "react-router";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";

/**
 * The sign-in's second step (product rules 15.12), on /login and /admin-login: one field takes the
 * authenticator's 6-digit code or a backup code. A wrong code is said once, beside the field (rules 12.8).
 */
export function SignInCodeForm(props: { email: string; next?: string; error?: string; busy: boolean }) {
  return (
    <Form method="post" className="mt-6 space-y-4">
      <p className="text-sm text-slate-600">
        Two-factor sign-in is on for this account. Enter the code your authenticator app shows, or one of your
        backup codes.
      </p>
      <input type="hidden" name="intent" value="sign-in-code" />
      <input type="hidden" name="email" value={props.email} />
      {props.next !== undefined ? <input type="hidden" name="next" value={props.next} /> : null}
      <Input
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        required
        // The step opens on this field: it is the only thing the page asks now.
        autoFocus
        error={props.error}
        hint="6 digits, or a backup code such as abcde-12345."
      />
      <Button type="submit" className="w-full" disabled={props.busy}>
        {props.busy ? "Verifying..." : "Verify"}
      </Button>
    </Form>
  );
}
