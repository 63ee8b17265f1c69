import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { affiliatePayouts, referrals } from "../../../app/db/schema.ts";
import { AFFILIATE_PAGE_TEXT } from "../../../app/domain/affiliates/affiliate-page-text.ts";
import { PAYOUT_TEXT } from "../../../app/domain/affiliates/payout-text.ts";
import { placeOrder } from "../../../app/domain/orders/place-order.server.ts";
import { fundWallet, serviceId } from "../../support/factories.ts";
import { appUrl, createAccount, signedInCustomer, Visitor, visibleText } from "../../support/http.ts";
import { redirectToast } from "../../support/redirect-toast.ts";

// The customer's affiliate page (product rules 16.11-16.12) over HTTP: who may see it, the absolute link, and the
// payout request's answers. The figures are read by readAffiliateSummary (tests/integration/affiliates-journey);
// copying the link and the page's states are browser tests (tests/e2e/affiliate-journey.test.ts).

const requestPayout = { intent: "request-payout" };

describe("/affiliate/dashboard", () => {
  it("sends a visitor to sign in, and leaves /affiliate the visitors' partnerships page", async () => {
    const visitor = new Visitor();
    const response = await visitor.request("/affiliate/dashboard");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect((await visitor.request("/affiliate")).status).toBe(200);
  });

  it("shows a customer their absolute referral link, and a payout asked without earnings is refused on the page", async () => {
    const customer = await signedInCustomer();
    const page = await customer.visitor.request("/affiliate/dashboard");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(new RegExp(`value="${appUrl}/r/[a-z0-9]{8}"`));
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(visibleText(html)).toContain(AFFILIATE_PAGE_TEXT.noPayouts);

    const refused = await customer.visitor.request("/affiliate/dashboard", { form: requestPayout });
    expect(refused.status).toBe(200);
    expect(visibleText(await refused.text())).toContain(PAYOUT_TEXT.noBalance);
    expect(await db().$count(affiliatePayouts, eq(affiliatePayouts.affiliateId, customer.id))).toBe(0);
  });

  it("asks for the whole balance once it reaches the minimum, then says one is waiting", async () => {
    const affiliate = await signedInCustomer();
    await affiliate.visitor.request("/affiliate/dashboard"); // makes the code
    const referred = await createAccount();
    await db().insert(referrals).values({ referredUserId: referred.id, affiliateId: affiliate.id });
    await fundWallet(referred.id, 5_000);
    const placed = await placeOrder(db(), {
      userId: referred.id,
      serviceId: await serviceId("Instagram Likes"),
      quantity: 10_000, // $40.00: $12.00 commission at 30%
      targetLink: "https://www.instagram.com/p/AffPage12345/",
      deliverySpeed: "normal",
    });
    expect(placed.ok).toBe(true);

    const asked = await affiliate.visitor.request("/affiliate/dashboard", { form: requestPayout });
    const { location, toast } = await redirectToast(affiliate.visitor, asked);
    expect(location).toBe("/affiliate/dashboard");
    expect(toast).toMatchObject({
      title: AFFILIATE_PAGE_TEXT.payoutRequested,
      description: AFFILIATE_PAGE_TEXT.payoutRequestedMessage(1_200),
    });
    const again = await affiliate.visitor.request("/affiliate/dashboard", { form: requestPayout });
    expect(visibleText(await again.text())).toContain(PAYOUT_TEXT.alreadyRequested);
    const page = visibleText(await (await affiliate.visitor.request("/affiliate/dashboard")).text());
    expect(page).toContain("$12.00");
    expect(page).toContain("Waiting for our team");
  });
});
