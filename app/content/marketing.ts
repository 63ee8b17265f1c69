/**
 * The headline figures of the public pages (customer spec section 1, the home page's reading). The promises about
 * what the shop does (cancel, refill, delivery, payments) live in app/domain/content/shop-promises.ts.
 */
export const headlineStats = [
  { value: "50,000+", label: "Happy customers" },
  { value: "2M+", label: "Followers delivered" },
  { value: "10M+", label: "Likes delivered" },
  { value: "98%", label: "Satisfaction rate" },
] as const;
