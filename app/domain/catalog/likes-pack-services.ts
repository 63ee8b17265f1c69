/** The services a likes pack and its add-ons are priced from and delivered as (product rules 3.4), by stable slug. */
export const LIKES_PACK_SERVICES = {
  likes: "instagram-likes",
  views: "instagram-views",
  comments: "instagram-real-comments",
} as const;
