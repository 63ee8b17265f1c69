import {
  minimumDepositSentence,
  PROMISE_TEXT,
  paymentSentence,
  type ShopFacts,
} from "../domain/content/shop-promises.ts";

/**
 * The FAQ page's four accordion groups; the how-it-works page shows a selection of the same answers. An answer
 * that quotes a setting (the minimum deposit, the payment methods) is a function of the shop's facts, and a
 * question about a feature that is switched off is left out (product rules 11).
 */
export type FaqItem = {
  id: string;
  question: string;
  answer: string | ((facts: ShopFacts) => string);
  /** Asked only while this holds (a feature that an admin can switch off). */
  shownWhen?: (facts: ShopFacts) => boolean;
};
export type FaqGroup = { id: string; title: string; items: readonly FaqItem[] };

export const faqGroups: readonly FaqGroup[] = [
  {
    id: "getting-started",
    title: "Getting started",
    items: [
      {
        id: "what-is-boostly",
        question: "What is Boostly?",
        answer:
          "Boostly is a storefront for social-media growth services: likes, followers, views, comments, plays and subscribers for Instagram, TikTok, YouTube, Spotify, Threads, Facebook and Twitter. You top up a prepaid wallet once and pay for every order from your balance.",
      },
      {
        id: "password",
        question: "Do you need my password?",
        answer:
          "Never. We only need your username or the link to your post or video. Your account stays fully in your control, and nobody at Boostly will ever ask you for a login.",
      },
      {
        id: "account-needed",
        question: "Do I need an account to order?",
        answer:
          "You can browse every service without one. To place an order you need a free account, because orders are paid from your wallet and tracked in your dashboard. If you start an order first, we keep what you entered and bring you back to it after sign-up.",
      },
      {
        id: "public-profile",
        question: "Does my profile have to be public?",
        answer:
          "Yes, while the order is running. We deliver to the public link you give us, so a private profile or a deleted post stops delivery. You can make it private again once the order shows as completed.",
      },
    ],
  },
  {
    id: "orders-delivery",
    title: "Orders and delivery",
    items: [
      {
        id: "delivery-speed",
        question: "How fast is delivery?",
        answer: `${PROMISE_TEXT.delivery} ${PROMISE_TEXT.pacing} You can follow the status of every order in your dashboard.`,
      },
      {
        id: "is-it-safe",
        question: "Is it safe for my account?",
        answer:
          "Yes. Delivery comes gradually from real, active accounts, and we never ask for your password, so there is nothing that puts your account at risk.",
      },
      {
        id: "auto-orders",
        question: "What are automatic orders?",
        shownWhen: (facts) => facts.autoOrdersEnabled,
        answer:
          "An automatic order watches your profile and sends likes, views or comments to each new post you publish, for as many posts as you choose. You can pause, resume or cancel it from your dashboard at any time; unused posts are refunded to your wallet.",
      },
      {
        id: "cancel-order",
        question: "Can I cancel an order?",
        answer: `${PROMISE_TEXT.cancel} Use Cancel order on the order in My Orders: it shows only where the cancel can be honoured, and says before you confirm what will happen.`,
      },
    ],
  },
  {
    id: "payments-wallet",
    title: "Payments and wallet",
    items: [
      {
        id: "how-to-pay",
        question: "How do I pay?",
        answer: (facts) =>
          `Add funds to your prepaid wallet on the Wallet page, then pay for orders from your balance in one click. ${paymentSentence(facts)}`,
      },
      {
        id: "minimum-deposit",
        question: "Is there a minimum deposit?",
        answer: (facts) =>
          `Yes. ${minimumDepositSentence(facts)} Your balance never expires, so you can spread it over as many orders as you like.`,
      },
      {
        id: "balance-update",
        question: "When does my balance update?",
        answer:
          "As soon as the payment is confirmed, usually within a few seconds. Every deposit, purchase and refund appears as a line in your transaction history.",
      },
      {
        id: "invoices",
        question: "Can I get a receipt for my deposits?",
        answer:
          "Your wallet lists each deposit, purchase and refund with its date and amount. For a formal invoice with company details, contact our billing team.",
      },
    ],
  },
  {
    id: "refunds-refills",
    title: "Refunds and refills",
    items: [
      {
        id: "drops",
        question: "What if my followers or likes drop?",
        answer: `Some natural drop is normal on every platform. ${PROMISE_TEXT.refill} Press Request refill on the order in My Orders: it shows on orders of services that offer one.`,
      },
      {
        id: "refund",
        question: "Can I get a refund?",
        answer: `Yes. ${PROMISE_TEXT.refunds} If something else is wrong with an order, open a support ticket with its number and a real person will look at it.`,
      },
      {
        id: "refund-to-card",
        question: "Can my wallet balance go back to my card?",
        answer:
          "Your balance pays for orders on Boostly and is not paid out automatically. If you need a deposit returned, contact billing support and a real person will look at your case.",
      },
      {
        id: "guarantee",
        question: "What do your guarantees cover?",
        answer: `${PROMISE_TEXT.refunds} Cancels and refills follow each service's terms, shown on its page before you order. If something is not right, tell us and a real person will look at it.`,
      },
    ],
  },
];

/** The questions the how-it-works page answers, by id, from the same groups. */
export const howItWorksFaqIds = [
  "password",
  "delivery-speed",
  "how-to-pay",
  "drops",
  "cancel-order",
] as const;

/** An answer in words, with the shop's facts filled in. */
export function faqAnswer(item: FaqItem, facts: ShopFacts): string {
  return typeof item.answer === "function" ? item.answer(facts) : item.answer;
}

export function faqItemsById(ids: readonly string[]): FaqItem[] {
  const all = faqGroups.flatMap((group) => group.items);
  return ids.flatMap((id) => all.filter((item) => item.id === id));
}
