/** The three free trials (customer spec, Free trial): what each grants and what it is delivered to. */
export const FREE_TRIALS = [
  {
    trial: "likes",
    title: "10 Free Likes",
    quantity: 10,
    serviceSlug: "instagram-likes",
    serviceName: "Instagram Likes",
    targetLabel: "Instagram post link",
    placeholder: "https://www.instagram.com/p/...",
  },
  {
    trial: "comments",
    title: "2 Free Comments",
    quantity: 2,
    serviceSlug: "instagram-comments",
    serviceName: "Instagram Comments",
    targetLabel: "Instagram post link",
    placeholder: "https://www.instagram.com/p/...",
  },
  {
    trial: "followers",
    title: "5 Free Followers",
    quantity: 5,
    serviceSlug: "instagram-followers",
    serviceName: "Instagram Followers",
    targetLabel: "Instagram username or profile link",
    placeholder: "@username or https://www.instagram.com/username/",
  },
] as const;

export type FreeTrialKind = (typeof FREE_TRIALS)[number]["trial"];

export const FREE_TRIAL_TEXT = {
  alreadyClaimed: "You have already claimed this free trial.",
  unavailable: "This free trial is not available right now. Please try again later.",
  claimedTitle: "Free trial claimed",
  failedTitle: "Free trial failed",
  failedDelivery: "Not delivered: the order failed. You can claim this trial again.",
  cancelledDelivery: "Not delivered: the order was cancelled. You can claim this trial again.",
  claimAgain: "Claim again",
} as const;

export function findFreeTrial(trial: string) {
  return FREE_TRIALS.find((candidate) => candidate.trial === trial) ?? null;
}
