import { data, redirect } from "react-router";
import { requireStaff, sessionToken } from "../../domain/accounts/session.server.ts";
import { viewingCookieHeader } from "../../domain/accounts/view-as.server.ts";
import { endViewAs, startViewAs } from "../../domain/accounts/view-as-customer.server.ts";
import { endViewForm, startViewForm } from "../../domain/accounts/view-as-forms.ts";
import { VIEW_AS_TEXT } from "../../domain/accounts/view-as-text.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { BODY_TEXT } from "../../lib/request-body.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";

// Nothing to show: the buttons live on the user page and in the storefront's banner.
export function loader() {
  return redirect("/admin/users");
}

/**
 * "View as customer" (intent=start) and "Return to admin" (intent=end), product rules 15.31-15.32: the admin
 * layout's guard and this check let in staff whose role may view, with two-factor; the view belongs to this
 * session. Starting lands on the customer's dashboard; ending goes back to the customer's admin page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, "users.view_as");
  const form = await readForm(request, [startViewForm, endViewForm]);
  const token = (await sessionToken(request)) ?? "";
  const database = shopDatabase(context);
  if (form.intent === "start") {
    const customerId = form.customerId ?? "";
    const started = await startViewAs(database, { staffId: staff.id, sessionToken: token, customerId });
    if (!started.ok)
      return redirectWithToast(started.kind === "not_found" ? "/admin/users" : `/admin/users/${customerId}`, {
        title: started.title ?? VIEW_AS_TEXT.refusedTitle,
        description: started.message,
        variant: "destructive",
      });
    return redirectWithToast(
      "/dashboard",
      { title: VIEW_AS_TEXT.startedTitle, description: VIEW_AS_TEXT.started(started.customerEmail) },
      { headers: { "Set-Cookie": viewingCookieHeader() } },
    );
  }
  if (form.intent === "end") {
    const ended = await endViewAs(database, { staffId: staff.id, sessionToken: token });
    const headers = { "Set-Cookie": viewingCookieHeader(0) };
    if (!ended.ok)
      return redirectWithToast(
        "/admin/users",
        { title: VIEW_AS_TEXT.refusedTitle, description: ended.message, variant: "destructive" },
        { headers },
      );
    return redirectWithToast(
      `/admin/users/${ended.customerId}`,
      { title: VIEW_AS_TEXT.endedTitle, description: VIEW_AS_TEXT.ended },
      { headers },
    );
  }
  throw data({ error: BODY_TEXT.unknownField("intent") }, { status: 400 });
}
