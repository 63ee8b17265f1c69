import { REFILL_WINDOW_DAYS } from "../domain/catalog/refill-window.ts";

/** The FAQ page's four accordion groups; the how-it-works page shows a selection of the same answers. */
export type FaqItem = { id: string; question: string; answer: string };
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
        answer:
          "Most orders start within minutes and complete in 24-48 hours. Larger orders are spread out gradually so the growth looks natural. You can follow the status of every order in your dashboard.",
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
        answer:
          "An automatic order watches your profile and sends likes, views or comments to each new post you publish, for as many posts as you choose. You can pause, resume or cancel it from your dashboard at any time; unused posts are refunded to your wallet.",
      },
      {
        id: "cancel-order",
        question: "Can I cancel an order?",
        answer:
          "Yes, within 30 minutes of placing it, as long as delivery has not started. The full amount goes straight back to your wallet.",
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
        answer:
          "Add funds to your prepaid wallet on the Wallet page, then pay for orders from your balance in one click. Payments go through our card processor over SSL encryption; we never see or store your card number.",
      },
      {
        id: "minimum-deposit",
        question: "Is there a minimum deposit?",
        answer:
          "Yes, the smallest top-up is $10. Your balance never expires, so you can spread it over as many orders as you like.",
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
          "Your card processor e-mails a receipt for every deposit, and your wallet lists each transaction with its date and amount. For a formal invoice with company details, contact our billing team.",
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
        answer: `Some natural drop is normal on every platform. If a delivered order drops within ${REFILL_WINDOW_DAYS} days, we refill it for free: open a support ticket with the order number and we take care of it.`,
      },
      {
        id: "refund",
        question: "Can I get a refund?",
        answer:
          "Yes. If we cannot deliver an order it is refunded to your wallet automatically. You can also request a refund within 30 days of your order; approved refunds are processed in 5-7 business days.",
      },
      {
        id: "refund-to-card",
        question: "Can my wallet balance go back to my card?",
        answer:
          "Unused wallet funds can be returned to the original payment method on request within 30 days of the deposit. Contact billing support and we process it in 5-7 business days.",
      },
      {
        id: "guarantee",
        question: "What does the money-back guarantee cover?",
        answer:
          "Orders that are not delivered, orders cancelled before they start, and refund requests made within 30 days. If something is not right, tell us and a real person will look at it.",
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

export function faqItemsById(ids: readonly string[]): FaqItem[] {
  const all = faqGroups.flatMap((group) => group.items);
  return ids.flatMap((id) => all.filter((item) => item.id === id));
}
