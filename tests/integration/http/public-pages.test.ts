import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { contactMessages } from "../../../app/db/schema.ts";
import { REFILL_WINDOW_DAYS } from "../../../app/domain/catalog/refill-window.ts";
import { CONTACT_TEXT } from "../../../app/domain/contact/contact-form.ts";
import { CANCEL_WINDOW_MINUTES } from "../../../app/domain/orders/cancel-rules.ts";
import { deliveryTime } from "../../../app/domain/orders/delivery-speeds.ts";
import { formatDepositLimit } from "../../../app/domain/payments/deposit-limit-text.ts";
import { CARD_BRANDS } from "../../../app/domain/payments/payment-methods.ts";
import { readSettings } from "../../../app/domain/settings/read-settings.server.ts";
import { appUrl, signedInAdmin, signedInCustomer, uniqueEmail, Visitor } from "../../support/http.ts";

/** The page's text as a reader sees it: markup and React's text separators removed, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

const PUBLIC_PAGES = [
  "/about",
  "/how-it-works",
  "/reviews",
  "/affiliate",
  "/contact",
  "/faq",
  "/terms",
  "/privacy",
  "/api",
  "/reseller",
  "/bulk",
  "/custom",
  "/help",
  "/help/getting-started",
  "/help/account-billing",
  "/help/services-guide",
  "/help/troubleshooting",
  "/login",
  "/register",
  "/forgot-password",
];

describe("the public pages without JavaScript", () => {
  it.each(PUBLIC_PAGES)(
    "%s answers 200 with its title, description, canonical link and one h1",
    async (path) => {
      const response = await fetch(`${appUrl}${path}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
      expect(title).toMatch(/\S.* \| Boostly$/);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html).toContain(`<link rel="canonical" href="${appUrl}${path}"`);
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(html).not.toMatch(/lorem ipsum/i);
      expect(html).not.toContain('name="robots" content="noindex"');
    },
  );

  it("answers 404 for an unknown help topic", async () => {
    const response = await fetch(`${appUrl}/help/not-a-topic`);
    expect(response.status).toBe(404);
    expect(visibleText(await response.text())).toContain("Oops! Page not found");
  });

  it("shows the FAQ as four accordion groups and the six testimonials", async () => {
    const faq = await (await fetch(`${appUrl}/faq`)).text();
    expect(faq.match(/<details/g)?.length).toBeGreaterThanOrEqual(16);
    for (const group of [
      "Getting started",
      "Orders and delivery",
      "Payments and wallet",
      "Refunds and refills",
    ])
      expect(visibleText(faq)).toContain(group);
    const reviews = await (await fetch(`${appUrl}/reviews`)).text();
    expect(reviews.match(/<blockquote/g)).toHaveLength(6);
  });

  it("invents no figures (the shop's own figures: tests/integration/http/shop-figures.test.ts)", async () => {
    const pages = await Promise.all(
      ["/about", "/reviews", "/affiliate", "/faq"].map(async (path) =>
        visibleText(await (await fetch(`${appUrl}${path}`)).text()),
      ),
    );
    const all = pages.join(" ");
    expect(all).not.toMatch(/98%|50,000\+|500,000|150\+ countries/);
  });
});

describe("the pages' promises as rendered (product rules 11)", () => {
  const text = async (path: string) => visibleText(await (await fetch(`${appUrl}${path}`)).text());

  it("quote the cancel and refill windows, the delivery time and the minimum deposit the shop works by", async () => {
    const [terms, faq, howItWorks] = await Promise.all(["/terms", "/faq", "/how-it-works"].map(text));
    const minimum = formatDepositLimit((await readSettings(db())).minDepositCents);
    // Cancel and refill only where the service offers them (product rules 4.19).
    expect(terms).toContain(
      `within ${CANCEL_WINDOW_MINUTES} minutes while it has not been sent for delivery`,
    );
    expect(terms).toContain(`refill window (usually ${REFILL_WINDOW_DAYS} days) of ending`);
    expect(terms).toContain(`most orders complete in ${deliveryTime("fast")}`);
    expect(terms).toContain(`The minimum deposit is ${minimum}.`);
    expect(faq).toContain(`The minimum deposit is ${minimum}.`);
    expect(faq).toContain(`within ${CANCEL_WINDOW_MINUTES} minutes while it has not been sent for delivery`);
    expect(howItWorks).toContain(`Top up your prepaid wallet from ${minimum}.`);
  });

  it("promise a refill only on the services that have one, with each service's own terms (rules 4.14, 4.19)", async () => {
    const pages = await Promise.all(
      ["/", "/faq", "/how-it-works", "/services/instagram", "/about"].map(text),
    );
    for (const page of pages) expect(page).not.toMatch(/\d+-day refill/i);
    const [likes, views] = await Promise.all(
      ["/service/instagram-likes", "/service/instagram-views"].map(text),
    );
    expect(likes).toContain(`Refill: ${REFILL_WINDOW_DAYS} days`);
    expect(likes).toContain(`we refill them for free`);
    expect(views).toContain("No refill");
    expect(views).toContain("This service has no refill");
    expect(views).not.toContain("we refill them for free");
  });

  it("promise no affiliate commission, refunds to cards or payment methods the shop does not take", async () => {
    const pages = await Promise.all(
      ["/", "/affiliate", "/faq", "/terms", "/about", "/help/account-billing"].map(text),
    );
    // PayPal is taken here (the test servers' fake PayPal, product rules 16.41): the next test shows its badge.
    for (const page of pages) expect(page).not.toMatch(/commission|crypto|5-7 business days/i);
    expect(pages[1]).toContain("Talk to us about a partnership");
  });

  it("show the payment badges of the enabled gateways only: the sandbox's test checkout and PayPal here", async () => {
    const html = await (await fetch(`${appUrl}/about`)).text();
    const footer = visibleText(html.slice(html.lastIndexOf("<footer")));
    for (const brand of CARD_BRANDS) expect(footer).toContain(brand);
    expect(footer).toContain("Test checkout");
    expect(footer).toContain("PayPal");
    expect(footer).not.toMatch(/crypto|bitcoin/i);
  });
});

describe("the help centre search", () => {
  it("finds an article by a word from its body and links to it", async () => {
    const response = await fetch(`${appUrl}/help?q=screenshot`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(visibleText(html)).toContain("My order has not started");
    expect(html).toContain('href="/help/troubleshooting#order-not-started"');
    expect(visibleText(html)).not.toContain("No articles match");
  });

  it("shows the empty state for nonsense", async () => {
    const response = await fetch(`${appUrl}/help?q=zzqxvplk`);
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain("No articles match “zzqxvplk”");
  });

  it("refuses an over-long query with a clear message, not an error", async () => {
    const response = await fetch(`${appUrl}/help?q=${"a".repeat(300)}`);
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain("Please use a shorter search");
  });
});

async function messagesFrom(email: string) {
  return db().select().from(contactMessages).where(eq(contactMessages.email, email));
}

describe("the contact form", () => {
  it("stores a message, confirms it and clears the form; an admin reads it, a customer cannot", async () => {
    const email = uniqueEmail("contact");
    const text = `Do you offer invoices for agencies? Reference ${email}`;
    const visitor = new Visitor();
    const response = await visitor.request("/contact", {
      form: { name: "Grace Hopper", email, subject: "partnership", message: text },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(visibleText(html)).toContain(CONTACT_TEXT.sent);
    // The form comes back empty.
    expect(html).not.toContain(`value="${email}"`);
    expect(html).not.toContain(text);

    const stored = await messagesFrom(email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: "Grace Hopper", subject: "partnership", message: text });

    const { visitor: adminVisitor } = await signedInAdmin({ email: uniqueEmail("admin") });
    const inbox = await adminVisitor.request("/admin/messages");
    expect(inbox.status).toBe(200);
    const inboxText = visibleText(await inbox.text());
    expect(inboxText).toContain("Grace Hopper");
    expect(inboxText).toContain(email);
    expect(inboxText).toContain(text);
    expect(inboxText).toContain("Newsletter subscribers");

    const { visitor: customer } = await signedInCustomer();
    const refused = await customer.request("/admin/messages");
    expect(refused.status).toBeGreaterThanOrEqual(300);
    expect(refused.status).toBeLessThan(400);
    expect(refused.headers.get("location")).toBe("/admin-login");
    const anonymous = await new Visitor().request("/admin/messages");
    expect(anonymous.headers.get("location")).toBe("/admin-login");
  });

  it.each([
    ["a bad e-mail address", { email: "not-an-address" }, CONTACT_TEXT.emailInvalid],
    ["an unknown subject", { subject: "refund-me" }, CONTACT_TEXT.subjectInvalid],
    ["an empty message", { message: "   " }, CONTACT_TEXT.messageRequired],
    ["an over-long message", { message: "x".repeat(5_001) }, CONTACT_TEXT.messageTooLong],
  ])("refuses %s with a clear message and stores nothing", async (_case, overrides, message) => {
    const email = uniqueEmail("contact-invalid");
    const form = {
      name: "Alan Turing",
      email,
      subject: "technical",
      message: "The order page is blank.",
      ...overrides,
    };
    const response = await new Visitor().request("/contact", { form });
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain(CONTACT_TEXT.invalid);
    expect(text).toContain(message);
    expect(text).not.toContain(CONTACT_TEXT.sent);
    expect(await messagesFrom(form.email)).toHaveLength(0);
  });

  it("refuses a post from another site", async () => {
    const response = await new Visitor().request("/contact", {
      headers: { Origin: "https://evil.example" },
      form: { name: "X", email: uniqueEmail("csrf"), subject: "general", message: "Hello" },
    });
    expect(response.status).toBe(403);
  });
});
