import { describe, expect, it } from "vitest";
import { signedInCustomer, visibleText } from "../../support/http.ts";

/**
 * A storefront page without an error boundary of its own falls to the shop layout's: the customer keeps the
 * shop's header and footer around the message, instead of the bare root error page.
 */
describe("the storefront layout's error boundary", () => {
  it("shows a refused quick order inside the shop's header and footer", async () => {
    const customer = await signedInCustomer();
    const answer = await customer.visitor.request("/quick-order", { form: { x: "1" } });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    const text = visibleText(html);

    expect(text).toContain("We could not accept this request");
    expect(text).toContain("Unknown field: x");
    // The header: its main navigation and the signed-in customer's balance and account menu.
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('data-testid="header-balance"');
    expect(text).toContain(`Signed in as ${customer.email}`);
    // The footer.
    expect(html).toContain("<footer");
    expect(text).toContain("All rights reserved");
    // The message sits between the two, in the page's main content.
    const header = html.indexOf('aria-label="Main"');
    const message = html.indexOf("Unknown field: x");
    const footer = html.indexOf("<footer");
    expect(header).toBeLessThan(message);
    expect(message).toBeLessThan(footer);
  });
});
