import type { PlatformLink } from "../../domain/catalog/platforms.ts";
import { PROMISE_TEXT } from "../../domain/content/shop-promises.ts";

export type PlatformCopy = {
  heading: string;
  intro: string;
  metaTitle: string;
  metaDescription: string;
  why: { title: string; text: string }[];
};

const sharedWhy = {
  safe: {
    title: "No password needed",
    text: "We only ever ask for a username or a post link, never your login.",
  },
  fast: {
    title: "Fast delivery",
    text: PROMISE_TEXT.delivery,
  },
  refill: {
    title: "Refill terms up front",
    text: PROMISE_TEXT.refill,
  },
  support: { title: "24/7 support", text: "Real people answer your tickets around the clock." },
};

/** Marketing text and search metadata of the specification's platforms' service lists. */
const specifiedCopy: Readonly<Record<string, PlatformCopy>> = {
  instagram: {
    heading: "Instagram Services",
    intro:
      "Grow your Instagram with likes, followers, views, comments, saves and more from real, active accounts. Paste a post link once, pick a service and watch your reach climb.",
    metaTitle: "Buy Instagram Likes, Followers & Views",
    metaDescription: `Buy Instagram likes, followers, views, comments, saves and auto likes from real accounts. Fast delivery, no password needed, refill terms on every service.`,
    why: [sharedWhy.safe, sharedWhy.fast, sharedWhy.refill, sharedWhy.support],
  },
  youtube: {
    heading: "YouTube Services",
    intro:
      "Build your channel with views, likes, subscribers, comments and watch time that move you towards monetisation and into recommendations.",
    metaTitle: "Buy YouTube Views, Subscribers & Watch Time",
    metaDescription: `Buy YouTube views, likes, subscribers, comments, watch time and bell notifications. Safe for monetised channels, fast start, refill terms on every service.`,
    why: [
      {
        title: "Monetisation friendly",
        text: "Watch time and subscribers that count towards the Partner Programme.",
      },
      sharedWhy.fast,
      sharedWhy.refill,
      sharedWhy.support,
    ],
  },
  tiktok: {
    heading: "TikTok Services",
    intro:
      "Push your videos towards the For You page with followers, likes, views, comments, shares and sound plays delivered quickly and safely.",
    metaTitle: "Buy TikTok Followers, Likes & Views",
    metaDescription: `Buy TikTok followers, likes, views, comments, shares and sound plays. Instant start, no password needed, refill terms on every service.`,
    why: [
      sharedWhy.safe,
      { title: "For You momentum", text: "Early engagement that helps the algorithm notice your video." },
      sharedWhy.refill,
      sharedWhy.support,
    ],
  },
  spotify: {
    heading: "Spotify Services",
    intro:
      "Get your music heard with plays, followers, saves, playlist followers and monthly listeners from premium and free listeners.",
    metaTitle: "Buy Spotify Plays, Followers & Monthly Listeners",
    metaDescription:
      "Buy Spotify plays, followers, saves, playlist followers and monthly listeners. Safe for your artist profile, gradual delivery.",
    why: [
      {
        title: "Artist-profile safe",
        text: "Gradual, natural delivery that keeps your profile in good standing.",
      },
      sharedWhy.fast,
      sharedWhy.refill,
      sharedWhy.support,
    ],
  },
  threads: {
    heading: "Threads Services",
    intro:
      "Start conversations and grow your Threads audience with followers, likes, replies, reposts and shares.",
    metaTitle: "Buy Threads Followers, Likes & Replies",
    metaDescription: `Buy Threads followers, likes, replies, reposts and shares. Fast delivery, no password needed, refill terms on every service.`,
    why: [sharedWhy.safe, sharedWhy.fast, sharedWhy.refill, sharedWhy.support],
  },
  facebook: {
    heading: "Facebook Services",
    intro:
      "Strengthen your page and posts with page likes, post likes, followers and video views that build social proof for your brand.",
    metaTitle: "Buy Facebook Page Likes, Followers & Video Views",
    metaDescription: `Buy Facebook page likes, post likes, followers and video views. Gradual delivery, no password needed, refill terms on every service.`,
    why: [
      {
        title: "Social proof for brands",
        text: "A page people trust at first glance converts visitors into customers.",
      },
      sharedWhy.safe,
      sharedWhy.refill,
      sharedWhy.support,
    ],
  },
  twitter: {
    heading: "Twitter Services",
    intro:
      "Grow your voice on Twitter (X) with followers, likes, reposts and views that get your posts in front of more people.",
    metaTitle: "Buy Twitter Followers, Likes & Reposts",
    metaDescription: `Buy Twitter (X) followers, likes, reposts and views. Fast start, no password needed, refill terms on every service.`,
    why: [sharedWhy.safe, sharedWhy.fast, sharedWhy.refill, sharedWhy.support],
  },
};

/**
 * A platform's marketing text and search metadata: the specification's own for its seven, else written from the
 * name the operator gave it (docs/decisions/038).
 */
export function platformCopy(platform: PlatformLink): PlatformCopy {
  const specified = Object.hasOwn(specifiedCopy, platform.slug) ? specifiedCopy[platform.slug] : undefined;
  return (
    specified ?? {
      heading: `${platform.name} Services`,
      intro: `Grow on ${platform.name} with engagement delivered safely and quickly. Pick a service, paste your link and watch it start within minutes.`,
      metaTitle: `Buy ${platform.name} Services`,
      metaDescription: `Buy ${platform.name} services from Boostly. Fast start, no password needed, 24/7 support.`,
      why: [sharedWhy.safe, sharedWhy.fast, sharedWhy.support],
    }
  );
}
