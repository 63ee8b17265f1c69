import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { REFILL_WINDOW_DAYS } from "../../app/domain/catalog/refill-window.ts";
import {
  minimumDepositSentence,
  PROMISE_TEXT,
  PROMISES,
  paymentSentence,
} from "../../app/domain/content/shop-promises.ts";
import { CANCEL_WINDOW_MINUTES } from "../../app/domain/orders/cancel-rules.ts";
import { DELIVERY_SPEEDS } from "../../app/domain/orders/delivery-speeds.ts";
import { paymentMethodsOf } from "../../app/domain/payments/payment-methods.ts";
import { paidWith } from "../../app/domain/payments/wallet-payment-text.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { PaymentBadges } from "../../app/routes/_shop/payment-badges.tsx";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Where the public pages' and mails' copy lives: the storefront routes, the content modules, the SEO copy, the
 * mail templates and the page components. The constants' own modules are not scanned: they are the one place.
 */
const COPY_PLACES = [
  "app/routes",
  "app/content",
  "app/domain/seo",
  "app/domain/mail",
  "app/components/pages",
  "app/components/layout",
];
const isCopyFile = (file: string) =>
  /\.(ts|tsx)$/.test(file) &&
  (!file.startsWith("app/routes/") || /^app\/routes\/_shop(\.|\/)/.test(file)) &&
  !file.includes(".server.");

/**
 * A promise typed as a number or a payment method of its own instead of quoting the shop's constant; or a figure
 * of the shop typed instead of measured (product rules 7.9 to 7.11): a from-price, a count of customers, a
 * satisfaction rate, a reply time.
 */
const HARD_TYPED_PROMISE =
  /\b\d+[- ]days?\b|\b\d+ minutes\b|\b\d+-\d+ (?:hours|days|business days)\b|PayPal|Bitcoin|\bcrypto(?:currency)?\b(?!\.)|commission|minimum (?:deposit |top-up )?is \$\d|from \$\d+\b(?!\.)|from:? "?\$\d+\.\d\d|\d[\d,.]*[KM]?\+ (?:happy )?(?:customers|creators|clients|users)|\d+% satisfaction|satisfaction rate|within \d+ hours?\b|\b\d[\d,.]*[KM]?\+?"?,? *label: "(?:Happy customers|Followers delivered|Likes delivered)/i;

/** Numbers that are not the shop's promises, each with why it may stay. */
const ALLOWED = [
  // A privacy-law answer time for a data request, not a feature of the shop.
  { file: "app/routes/_shop.privacy/route.tsx", text: "we reply within 30 days" },
  // The parameters of one example request on the API page (an interval the caller chooses).
  { file: "app/routes/_shop.api/api-examples.tsx", text: "one every 60 minutes" },
];

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The lines of a file that are code or copy, not comments, and not imports (node:crypto is no promise). */
function copyLines(file: string): { line: number; text: string }[] {
  return readFileSync(path.join(root, file), "utf8")
    .split("\n")
    .map((text, index) => ({ line: index + 1, text }))
    .filter(({ text }) => !/^\s*(\/\/|\/\*|\*)/.test(text) && !/^\s*import\b/.test(text));
}

describe("the pages' promises come from one place (product rules 11)", () => {
  it("no page, content module or mail hard-types a cancel or refill window, a delivery time, a payment method, a commission or a figure of the shop", () => {
    const files = COPY_PLACES.flatMap(filesUnder).filter(isCopyFile);
    expect(files.length).toBeGreaterThan(60);
    const found = files.flatMap((file) =>
      copyLines(file)
        .filter(({ text }) => HARD_TYPED_PROMISE.test(text))
        .filter(
          ({ text }) => !ALLOWED.some((allowed) => allowed.file === file && text.includes(allowed.text)),
        )
        .map(({ line, text }) => `${file}:${line}: ${text.trim().slice(0, 140)}`),
    );
    expect(found, "quote the constant (app/domain/content/shop-promises.ts) instead").toEqual([]);
  });

  it("the scan catches what it is meant to catch", () => {
    for (const text of [
      "Cancel within 30 minutes",
      "a 30-day refill",
      "refills within 30 days",
      "complete in 24-48 hours",
      "PayPal and crypto",
      "30% lifetime commission",
      "the minimum is $10",
      "Top up from $10",
      'from: "$2.97"',
      "Trusted by 50,000+ creators and brands",
      "Join 50,000+ customers",
      "a 98% satisfaction rate",
      "usually replies within 2 hours",
      '{ value: "2M+", label: "Followers delivered" }',
    ])
      expect(text).toMatch(HARD_TYPED_PROMISE);
  });

  it("quotes the constants that drive the features", () => {
    expect(PROMISES.cancelWindowMinutes).toBe(CANCEL_WINDOW_MINUTES);
    expect(PROMISES.refillWindowDays).toBe(REFILL_WINDOW_DAYS);
    expect(PROMISE_TEXT.cancel).toContain(`${CANCEL_WINDOW_MINUTES} minutes`);
    expect(PROMISE_TEXT.refill).toContain(`${REFILL_WINDOW_DAYS} days`);
    expect(PROMISES.deliveryComplete).toBe(DELIVERY_SPEEDS.find((speed) => speed.value === "fast")?.detail);
    expect(minimumDepositSentence({ minDepositCents: cents(2_000) })).toBe("The minimum deposit is $20.");
  });
});

describe("payment methods come from the configured provider (product rules 6.5)", () => {
  it("Stripe takes cards; the sandbox is a test checkout; no provider takes nothing", () => {
    expect(paymentMethodsOf(["stripe"])).toEqual([
      { id: "card", provider: "stripe", brands: ["Visa", "Mastercard", "American Express"], test: false },
    ]);
    expect(paymentMethodsOf(["sandbox"])[0]?.test).toBe(true);
    expect(paymentMethodsOf([])).toEqual([]);
    expect(paidWith(paymentMethodsOf(["stripe"]))).toBe("Paid securely by card.");
    expect(paidWith([])).toBe("Deposits are not available at the moment.");
    expect(paymentSentence({ paymentMethods: [] })).not.toMatch(/card/);
  });

  it("the footer shows a badge per brand taken, and none without a provider", () => {
    const stripe = renderToStaticMarkup(PaymentBadges({ methods: paymentMethodsOf(["stripe"]) }) ?? "");
    expect(stripe).toContain("Visa");
    expect(stripe).toContain("American Express");
    expect(stripe).not.toMatch(/PayPal|crypto|Test checkout/i);
    const sandbox = renderToStaticMarkup(PaymentBadges({ methods: paymentMethodsOf(["sandbox"]) }) ?? "");
    expect(sandbox).toContain("Test checkout");
    expect(PaymentBadges({ methods: [] })).toBeNull();
  });

  it("PayPal, when it is on, has its badge and its words beside the card's (product rules 16.41)", () => {
    const both = paymentMethodsOf(["stripe", "paypal"]);
    expect(both.map((method) => method.id)).toEqual(["card", "paypal"]);
    expect(paidWith(both)).toBe("Paid securely by card or PayPal.");
    expect(paidWith(paymentMethodsOf(["paypal"]))).toBe("Paid securely with PayPal.");
    expect(paidWith(paymentMethodsOf(["sandbox", "paypal"]))).toBe(
      "Paid with PayPal or on the test checkout, where no real money moves.",
    );
    expect(paymentSentence({ paymentMethods: both })).toContain(
      "card (Visa, Mastercard or American Express) or PayPal",
    );
    const badges = renderToStaticMarkup(PaymentBadges({ methods: both }) ?? "");
    expect(badges).toContain("Visa");
    expect(badges).toContain(">PayPal<");
  });
});
