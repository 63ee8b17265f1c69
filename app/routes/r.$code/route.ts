import { redirect } from "react-router";
import { recordReferralVisit } from "../../domain/affiliates/record-referral-visit.server.ts";
import { referralVisitorIdOf } from "../../domain/affiliates/referral-cookie.server.ts";
import { clientIp } from "../../domain/security/rate-limit.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import type { Route } from "./+types/route";

/** Codes are made of 8 letters and digits; anything else is no code, without a database round trip. */
const CODE = /^[A-Za-z0-9]{6,16}$/;

/**
 * /r/:code, a customer's referral link (docs/decisions/056): records the visit (first touch) and leads to the home
 * page with the cookie set when the visit counts. An unknown code leads there too, so a shared link never breaks.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (CODE.test(params.code)) {
    const visit = await recordReferralVisit(shopDatabase(context), {
      code: params.code,
      visitorId: referralVisitorIdOf(request.headers.get("Cookie")),
      clientIp: clientIp(request),
    });
    if (visit.counted) headers.append("Set-Cookie", visit.setCookie);
  }
  return redirect("/", { status: 302, headers });
}
