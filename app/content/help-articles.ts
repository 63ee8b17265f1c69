import { PROMISE_TEXT } from "../domain/content/shop-promises.ts";

/**
 * The help centre's fixed content: four topics, each with its articles. The topic pages show these articles
 * and the help search searches exactly these titles and bodies (one source of truth).
 */
export type HelpArticle = { id: string; title: string; body: readonly string[] };
export type HelpTopic = {
  slug: "getting-started" | "account-billing" | "services-guide" | "troubleshooting";
  title: string;
  summary: string;
  articles: readonly HelpArticle[];
};

export const helpTopics: readonly HelpTopic[] = [
  {
    slug: "getting-started",
    title: "Getting Started",
    summary: "Create your account, add funds and place your first order in a few minutes.",
    articles: [
      {
        id: "create-account",
        title: "Creating your Boostly account",
        body: [
          "Click Get Started in the header, enter your e-mail address and choose a password of at least six characters. We send you a confirmation e-mail straight away; open the link in it to activate your account.",
          "If the e-mail does not arrive within a few minutes, check your spam or promotions folder. You can ask for a new confirmation link from the sign-in page.",
        ],
      },
      {
        id: "first-deposit",
        title: "Adding funds to your wallet",
        body: [
          "Boostly works with a prepaid wallet. Open the Wallet page, pick one of the quick amounts or type your own (the Wallet page shows the minimum) and complete the payment on the secure checkout page.",
          "Your balance updates as soon as the payment is confirmed, usually within seconds, and the deposit appears in your transaction history.",
        ],
      },
      {
        id: "first-order",
        title: "Placing your first order",
        body: [
          "Choose a platform in the header, pick a service and enter the quantity you want. Paste the username or the link to the post or video that should receive the engagement, choose a delivery speed and confirm.",
          "The price is calculated from the quantity before you pay, and the amount is taken from your wallet only when the order is accepted. Your order then appears in your dashboard with its order number.",
        ],
      },
      {
        id: "free-trial",
        title: "Trying Boostly for free",
        body: [
          "Every new account can claim each free trial once from the Free Trial page. A trial is a real, small order at no cost, so you can see the quality of our delivery before you add funds.",
        ],
      },
    ],
  },
  {
    slug: "account-billing",
    title: "Account & Billing",
    summary: "Wallet, payments, receipts, refunds and keeping your account secure.",
    articles: [
      {
        id: "payment-methods",
        title: "Accepted payment methods",
        body: [
          "Deposits are paid on our payment processor's secure checkout page, over an encrypted connection; the Wallet page and the footer show the methods it takes. Boostly never sees or stores your full card number.",
          "If a payment is declined, your bank has refused it: check the card details and available limit, or try another card. No money leaves your account for a declined payment.",
        ],
      },
      {
        id: "refund-policy",
        title: "Refunds to your wallet",
        body: [
          `${PROMISE_TEXT.refunds} The refund is in your wallet as soon as the order ends, and your transaction history shows it.`,
          `${PROMISE_TEXT.cancel} For any other question about a charge, open a billing ticket with the order number and a real person will look at it.`,
        ],
      },
      {
        id: "transaction-history",
        title: "Reading your transaction history",
        body: [
          "The Wallet page lists every deposit, purchase, refund and bonus with its date, amount and the balance it left, page by page; filter it by type or dates and download it as a CSV file. The dashboard shows the newest lines and links to it. Each purchase line carries the order number, so you can match every charge to an order.",
          "If a line looks wrong, send us its date and amount through a billing ticket and we will explain or correct it.",
        ],
      },
      {
        id: "change-password",
        title: "Changing your password or e-mail",
        body: [
          "Open your Profile to change your password. If you forgot your password, use Forgot Password on the sign-in page and we e-mail you a reset link.",
          "To change the e-mail address on your account, contact support from the address you signed up with.",
        ],
      },
    ],
  },
  {
    slug: "services-guide",
    title: "Services Guide",
    summary: "What each service does, delivery speeds, automatic orders and refills.",
    articles: [
      {
        id: "choosing-service",
        title: "Choosing the right service",
        body: [
          "Likes and views help a single post reach more people; followers and subscribers grow the profile itself. For music, Spotify plays and saves signal to the algorithm that listeners enjoy a track.",
          "If you are unsure, start small with one post and compare the result, or ask our support team for a recommendation.",
        ],
      },
      {
        id: "delivery-speeds",
        title: "Delivery speeds explained",
        body: [
          `${PROMISE_TEXT.delivery} ${PROMISE_TEXT.speeds}`,
          "Slow and Normal send your order in several runs spread over their days, each run at least the service's minimum, and the order form shows the runs before you pay; Fast sends it all at once. A drip-feed order follows the runs you set instead, and /orders shows how many runs were delivered.",
        ],
      },
      {
        id: "automatic-orders",
        title: "How automatic orders work",
        body: [
          "An automatic order follows a username and sends the chosen amount of likes, views or comments to each new post, for the number of posts you set. The full cost (the price per post times the number of posts) is paid from your wallet when you set it up.",
          "You can pause, resume or cancel an automatic order from your dashboard. Cancelling refunds the posts that have not been used yet.",
        ],
      },
      {
        id: "refill-guarantee",
        title: "Refills",
        body: [
          `A small natural drop is normal on every platform. ${PROMISE_TEXT.refill}`,
          "Once an order of such a service is completed or partial, ask the refill from the order on My Orders with Request refill; its progress shows on the order. Services without a refill say so on their page and on the order.",
        ],
      },
    ],
  },
  {
    slug: "troubleshooting",
    title: "Troubleshooting",
    summary: "Orders that have not started, link problems, payment issues and sign-in trouble.",
    articles: [
      {
        id: "order-not-started",
        title: "My order has not started",
        body: [
          "Most orders start within minutes, but at busy times it can take a little longer. Check that the profile is public and the link points to the right post; a private profile or a deleted post pauses delivery.",
          "If nothing has moved after a few hours, open a support ticket with the order number and a screenshot of the post so we can check it.",
        ],
      },
      {
        id: "wrong-link",
        title: "I entered the wrong link",
        body: [
          `${PROMISE_TEXT.cancel} Cancel, then place a new order with the correct link.`,
          "If delivery has already started, contact support quickly with the order number and the correct link; we will do our best to help.",
        ],
      },
      {
        id: "payment-not-credited",
        title: "My payment is not in my wallet",
        body: [
          "Deposits usually show up within seconds. If your bank shows a charge but your wallet does not, wait a few minutes and refresh the Wallet page.",
          "Still missing? Open a payment ticket with the date, the amount and the last four digits of the card, and we will trace it with the payment processor.",
        ],
      },
      {
        id: "cannot-sign-in",
        title: "I cannot sign in",
        body: [
          "Make sure you confirmed your e-mail address: the confirmation link is in the first message we sent you, and you can request a new one from the sign-in page.",
          "After several failed attempts, sign-in pauses for a few minutes to protect your account. Use Forgot Password if you are not sure of your password.",
        ],
      },
    ],
  },
];

/** The popular articles listed on the help centre's front page, by topic and article id. */
export const popularArticles = [
  { topic: "getting-started", article: "first-order" },
  { topic: "getting-started", article: "first-deposit" },
  { topic: "services-guide", article: "delivery-speeds" },
  { topic: "services-guide", article: "refill-guarantee" },
  { topic: "account-billing", article: "refund-policy" },
  { topic: "troubleshooting", article: "order-not-started" },
] as const;

export function findHelpTopic(slug: string | undefined): HelpTopic | undefined {
  return helpTopics.find((topic) => topic.slug === slug);
}
