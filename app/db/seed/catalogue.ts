import { REFILL_WINDOW_DAYS, refillFeature } from "../../domain/catalog/refill-window.ts";
import { type Cents, cents } from "../cents.ts";

/** The refill promise of a service's or pack's features, from the one refill window (product rules 4.7). */
const REFILL = refillFeature();

/**
 * The catalogue Boostly starts with: every service of the customer spec (section 9) with its exact price and
 * limits, plus the Facebook and Twitter defaults of product rules 3.2. Written once, on a new shop's first start
 * (seed-sets.ts); admins edit or delete them afterwards and nothing brings them back.
 */
export type SeedService = {
  name: string;
  /** One of the specification's seven platforms, whose rows drizzle/0020 creates (never the seed). */
  platform: "instagram" | "youtube" | "tiktok" | "spotify" | "threads" | "facebook" | "twitter";
  serviceType: "one_time" | "auto";
  targetKind: "post" | "profile";
  pricePer1000: string;
  unitLabel?: string;
  min: number;
  max: number;
  description: string;
  features: string[];
  /** The refill window: the services whose features promise a refill get the shop's; the others none. */
  refillDays: number | null;
  /** Offered with drip-feed (product rules 2.7): runs of the quantity, one every interval. */
  dripfeed?: boolean;
};

/** The services offered with drip-feed from the start (views: steady growth looks natural); admins change it. */
const DRIP_FEED_SERVICES = new Set(["Instagram Views", "TikTok Views"]);

const oneTime = (
  platform: SeedService["platform"],
  name: string,
  targetKind: SeedService["targetKind"],
  pricePer1000: string,
  min: number,
  max: number,
  description: string,
  features: string[],
): SeedService => ({
  name,
  platform,
  serviceType: "one_time",
  targetKind,
  pricePer1000,
  min,
  max,
  description,
  features,
  refillDays: features.includes(REFILL) ? REFILL_WINDOW_DAYS : null,
  dripfeed: DRIP_FEED_SERVICES.has(name),
});

const auto = (
  name: string,
  pricePer1000: string,
  min: number,
  max: number,
  description: string,
): SeedService => ({
  name,
  platform: "instagram",
  serviceType: "auto",
  targetKind: "profile",
  pricePer1000,
  min,
  max,
  description,
  features: ["Applied to your next posts automatically", "Pause or cancel any time", "Unused posts refunded"],
  refillDays: null,
});

export const seedServices: SeedService[] = [
  oneTime(
    "instagram",
    "Instagram Likes",
    "post",
    "4.0000",
    100,
    100_000,
    "Likes from active accounts on any photo, reel or carousel.",
    ["Starts within minutes", "No password needed", REFILL],
  ),
  oneTime(
    "instagram",
    "Instagram Real Comments",
    "post",
    "500.0000",
    10,
    500,
    "Relevant comments written by real people about your post.",
    ["Written by real people", "On-topic and natural", "No password needed"],
  ),
  oneTime(
    "instagram",
    "Instagram Comments",
    "post",
    "350.0000",
    10,
    1_000,
    "Positive comments that get a conversation going under your post.",
    ["Fast start", "Mixed emoji and text", "No password needed"],
  ),
  oneTime(
    "instagram",
    "Instagram Followers",
    "profile",
    "15.0000",
    100,
    50_000,
    "Followers with profile pictures and posts, delivered gradually.",
    ["Gradual delivery", REFILL, "No password needed"],
  ),
  oneTime(
    "instagram",
    "Instagram Black Followers",
    "profile",
    "30.0000",
    100,
    100_000,
    "Followers from Black-owned and Black-interest accounts for creators who want that audience.",
    ["Targeted audience", "Gradual delivery", REFILL],
  ),
  oneTime(
    "instagram",
    "Instagram Views",
    "post",
    "1.5000",
    100,
    1_000_000,
    "Views on your reels and videos that help them reach Explore.",
    ["Instant start", "All video types", "No password needed"],
  ),
  oneTime(
    "instagram",
    "Instagram Story Views",
    "profile",
    "4.5000",
    100,
    100_000,
    "Views on every story you currently have live.",
    ["All live stories", "Starts within minutes", "No password needed"],
  ),
  oneTime(
    "instagram",
    "Instagram Saves",
    "post",
    "30.0000",
    100,
    100_000,
    "Saves tell the algorithm your post is worth coming back to.",
    ["Boosts reach", "Gradual delivery", "No password needed"],
  ),
  oneTime(
    "instagram",
    "Instagram Shares",
    "post",
    "30.0000",
    100,
    100_000,
    "Shares of your post to stories and direct messages.",
    ["Boosts reach", "Gradual delivery", "No password needed"],
  ),
  oneTime(
    "instagram",
    "Instagram Reposts",
    "post",
    "30.0000",
    100,
    10_000,
    "Reposts of your post by other accounts.",
    ["New audiences", "Gradual delivery", "No password needed"],
  ),
  auto(
    "Instagram Auto Likes",
    "4.0000",
    100,
    100_000,
    "Likes on each new post you publish, for as many posts as you choose.",
  ),
  auto(
    "Instagram Auto Real Likes",
    "10.0000",
    100,
    100_000,
    "Likes from real, active accounts on each new post you publish.",
  ),
  auto("Instagram Auto Views", "1.5000", 100, 100_000, "Views on each new reel or video you publish."),
  auto("Instagram Auto Comments", "350.0000", 10, 1_000, "Comments on each new post you publish."),
  auto(
    "Instagram Auto Real Comments",
    "500.0000",
    10,
    250,
    "Comments written by real people on each new post you publish.",
  ),

  oneTime(
    "youtube",
    "YouTube Views",
    "post",
    "6.0000",
    1_000,
    100_000,
    "Views from real viewers that count towards your video's ranking.",
    ["High retention", "Safe for monetised channels", REFILL],
  ),
  oneTime(
    "youtube",
    "YouTube Likes",
    "post",
    "9.0000",
    100,
    5_000,
    "Likes that show new viewers your video is worth watching.",
    ["Gradual delivery", "No password needed", REFILL],
  ),
  oneTime(
    "youtube",
    "YouTube Subscribers",
    "profile",
    "45.0000",
    100,
    2_000,
    "Subscribers that bring your channel closer to monetisation.",
    ["Gradual delivery", REFILL, "No password needed"],
  ),
  oneTime(
    "youtube",
    "YouTube Comments",
    "post",
    "150.0000",
    10,
    1_000,
    "Comments that start a discussion under your video.",
    ["Natural wording", "Gradual delivery", "No password needed"],
  ),
  {
    ...oneTime(
      "youtube",
      "YouTube Watch Time",
      "post",
      "25.0000",
      100,
      10_000,
      "Watch hours that count towards the Partner Programme threshold.",
      ["Counts for monetisation", "Long videos", "Gradual delivery"],
    ),
    unitLabel: "hrs",
  },
  oneTime(
    "youtube",
    "YouTube Bell Notifications",
    "profile",
    "5.0000",
    10,
    50_000,
    "Subscribers who turn on the bell and hear about every upload.",
    ["Notified viewers", "Fast start", "No password needed"],
  ),

  oneTime(
    "spotify",
    "Spotify Plays",
    "post",
    "3.5000",
    1_000,
    1_000_000,
    "Plays on your track from premium and free listeners.",
    ["Counts for royalties", "Safe for your artist profile", "Gradual delivery"],
  ),
  oneTime(
    "spotify",
    "Spotify Followers",
    "profile",
    "8.0000",
    100,
    20_000,
    "Followers for your artist profile.",
    ["Artist profile growth", "Gradual delivery", "No password needed"],
  ),
  oneTime(
    "spotify",
    "Spotify Saves",
    "post",
    "5.0000",
    100,
    100_000,
    "Saves to listeners' libraries, a strong signal to Spotify's playlists.",
    ["Algorithm signal", "Gradual delivery", "No password needed"],
  ),
  oneTime(
    "spotify",
    "Spotify Playlist Followers",
    "post",
    "6.0000",
    100,
    50_000,
    "Followers for your playlist.",
    ["Playlist growth", "Gradual delivery", "No password needed"],
  ),
  oneTime(
    "spotify",
    "Spotify Monthly Listeners",
    "profile",
    "10.0000",
    100,
    100_000,
    "Monthly listeners that raise your artist profile's reach.",
    ["Profile reach", "Gradual delivery", "No password needed"],
  ),

  oneTime(
    "tiktok",
    "TikTok Followers",
    "profile",
    "15.0000",
    100,
    25_000,
    "Followers for your TikTok profile.",
    ["Gradual delivery", REFILL, "No password needed"],
  ),
  oneTime(
    "tiktok",
    "TikTok Likes",
    "post",
    "5.0000",
    50,
    20_000,
    "Likes that push your video towards the For You page.",
    ["Starts within minutes", "No password needed", REFILL],
  ),
  oneTime("tiktok", "TikTok Views", "post", "1.5000", 1_000, 5_000_000, "Views on your TikTok video.", [
    "Instant start",
    "No password needed",
    "High volume",
  ]),
  oneTime(
    "tiktok",
    "TikTok Comments",
    "post",
    "100.0000",
    10,
    1_000,
    "Comments that get people talking under your video.",
    ["Natural wording", "Gradual delivery", "No password needed"],
  ),
  oneTime(
    "tiktok",
    "TikTok Shares",
    "post",
    "15.0000",
    100,
    100_000,
    "Shares that take your video to new audiences.",
    ["Boosts reach", "Gradual delivery", "No password needed"],
  ),
  oneTime(
    "tiktok",
    "TikTok Sound Plays",
    "post",
    "2.0000",
    100,
    1_000_000,
    "Plays for your sound so more creators use it.",
    ["Sound discovery", "Fast start", "No password needed"],
  ),

  oneTime(
    "threads",
    "Threads Followers",
    "profile",
    "14.0000",
    100,
    15_000,
    "Followers for your Threads profile.",
    ["Gradual delivery", REFILL, "No password needed"],
  ),
  oneTime("threads", "Threads Likes", "post", "6.0000", 100, 10_000, "Likes on your Threads post.", [
    "Starts within minutes",
    "No password needed",
    REFILL,
  ]),
  oneTime(
    "threads",
    "Threads Replies",
    "post",
    "250.0000",
    10,
    1_000,
    "Replies that start a conversation under your post.",
    ["Natural wording", "Gradual delivery", "No password needed"],
  ),
  oneTime("threads", "Threads Reposts", "post", "8.0000", 100, 50_000, "Reposts of your Threads post.", [
    "New audiences",
    "Gradual delivery",
    "No password needed",
  ]),
  oneTime("threads", "Threads Shares", "post", "10.0000", 100, 50_000, "Shares of your Threads post.", [
    "Boosts reach",
    "Gradual delivery",
    "No password needed",
  ]),

  oneTime(
    "facebook",
    "Facebook Page Likes",
    "profile",
    "12.0000",
    100,
    50_000,
    "Likes for your Facebook page.",
    ["Gradual delivery", REFILL, "No password needed"],
  ),
  oneTime("facebook", "Facebook Post Likes", "post", "6.0000", 50, 20_000, "Likes on your Facebook post.", [
    "Starts within minutes",
    "No password needed",
    REFILL,
  ]),
  oneTime(
    "facebook",
    "Facebook Followers",
    "profile",
    "14.0000",
    100,
    50_000,
    "Followers for your Facebook profile or page.",
    ["Gradual delivery", REFILL, "No password needed"],
  ),
  oneTime(
    "facebook",
    "Facebook Video Views",
    "post",
    "2.0000",
    500,
    1_000_000,
    "Views on your Facebook video.",
    ["Instant start", "No password needed", "High volume"],
  ),

  oneTime(
    "twitter",
    "Twitter Followers",
    "profile",
    "20.0000",
    100,
    20_000,
    "Followers for your Twitter (X) profile.",
    ["Gradual delivery", REFILL, "No password needed"],
  ),
  oneTime("twitter", "Twitter Likes", "post", "9.0000", 50, 10_000, "Likes on your tweet.", [
    "Starts within minutes",
    "No password needed",
    REFILL,
  ]),
  oneTime("twitter", "Twitter Reposts", "post", "12.0000", 50, 10_000, "Reposts of your tweet.", [
    "New audiences",
    "Gradual delivery",
    "No password needed",
  ]),
  oneTime("twitter", "Twitter Views", "post", "1.0000", 500, 1_000_000, "Views on your tweet.", [
    "Instant start",
    "No password needed",
    "High volume",
  ]),
];

export type SeedLikesPack = {
  code: "small" | "big" | "ultima";
  name: string;
  likes: number;
  priceCents: Cents;
  extraLikes: number;
  extraLikesFlatCents: Cents | null;
  extraViews: number;
  features: string[];
};

/** Product rules 3.3: the packs are catalogue data, shown at one price everywhere. */
export const seedLikesPacks: SeedLikesPack[] = [
  {
    code: "small",
    name: "SMALL",
    likes: 500,
    priceCents: cents(795),
    extraLikes: 250,
    extraLikesFlatCents: cents(300),
    extraViews: 2_500,
    features: ["500 real likes", "Delivery starts within minutes", "No password needed"],
  },
  {
    code: "big",
    name: "BIG",
    likes: 1_000,
    priceCents: cents(1_295),
    extraLikes: 500,
    extraLikesFlatCents: null,
    extraViews: 5_000,
    features: ["1,000 real likes", "Delivery starts within minutes", REFILL],
  },
  {
    code: "ultima",
    name: "ULTIMA",
    likes: 10_000,
    priceCents: cents(8_795),
    extraLikes: 5_000,
    extraLikesFlatCents: null,
    extraViews: 50_000,
    features: ["10,000 real likes", "Gradual, natural delivery", REFILL],
  },
];
