import { redirect } from "react-router";
import { ACCOUNT_TEXT } from "../../domain/accounts/messages.ts";
import { signOut } from "../../domain/accounts/sign-out.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";

// No state change on GET: a link or prefetch to /logout never signs anyone out.
export function loader() {
  return redirect("/");
}

/** Ends the session on the server and clears its cookie; the admin area asks to land on /admin-login. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request, ["redirectTo"]);
  const to = form.redirectTo === "/admin-login" ? "/admin-login" : "/";
  const cookies = await signOut(request);
  return redirectWithToast(to, { title: ACCOUNT_TEXT.signedOut }, { headers: cookies });
}
