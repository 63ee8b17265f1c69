import { OTHER_PLATFORM, type PlatformLinkRule, SPECIFICATION_PLATFORMS } from "../catalog/platforms.ts";
import { type Refusal, refuse } from "../refusal.ts";
import {
  invalidProfile,
  type Notice,
  profileLinkIsPost,
  profileLinkOnOtherSite,
  profileRequired,
} from "./messages.ts";

/**
 * Reads the username an auto order or an API subscription watches from what a customer pastes (product rules
 * 4.10): the name ("name", "@name") or the profile's link on the service's platform, with or without "www.", a
 * trailing slash, a share query ("?igsh=...") or a fragment. A post's link or another site's link is refused with
 * a message that says which it was, its `code` saying what it was (ProfileProblem). No server imports: the form
 * checks the field with it as the customer types.
 */
export type ProfileUsername = { ok: true; username: string } | Refusal;

/** Why a pasted text names no profile: the code of its refusal. */
export type ProfileProblem = "empty" | "post_link" | "other_site" | "invalid";

function refused(problem: ProfileProblem, notice: Notice): Refusal {
  return refuse("invalid", notice, { code: problem });
}

/** The specification's platforms, whose profile addresses are known here, and "other". */
type Platform = "instagram" | "youtube" | "tiktok" | "spotify" | "threads" | "facebook" | "twitter" | "other";

/** The hosts of each platform's profile pages (a subdomain such as www. or m. is accepted too). */
const PROFILE_HOSTS: Record<Platform, readonly string[]> = {
  instagram: ["instagram.com", "instagr.am"],
  youtube: ["youtube.com"],
  tiktok: ["tiktok.com"],
  spotify: ["spotify.com"],
  threads: ["threads.net", "threads.com"],
  facebook: ["facebook.com", "fb.com"],
  twitter: ["twitter.com", "x.com"],
  other: [],
};

/** Hosts that only ever carry a post or a video, never a profile, and whose platform they are. */
const POST_ONLY_HOSTS: Record<string, Platform> = {
  "youtu.be": "youtube",
  "fb.watch": "facebook",
  "vm.tiktok.com": "tiktok",
  "vt.tiktok.com": "tiktok",
};

/** A name as the platforms allow it: letters, digits, dots, underscores (and hyphens on YouTube). */
const NAME = /^[A-Za-z0-9._]{1,30}$/;
const YOUTUBE_HANDLE = /^[A-Za-z0-9._-]{3,30}$/;
const SPOTIFY_ID = /^[A-Za-z0-9]{1,64}$/;

/** The first path segments that mean a post, a reel, a video or a page that is no profile, per platform. */
const NOT_A_PROFILE: Record<Platform, readonly string[]> = {
  instagram: ["p", "reel", "reels", "tv", "stories", "explore", "accounts", "direct"],
  youtube: ["watch", "shorts", "live", "playlist", "embed", "results", "feed"],
  tiktok: ["video", "t", "tag", "music", "discover", "embed"],
  spotify: ["track", "album", "episode", "show", "playlist"],
  threads: ["t", "post", "search"],
  facebook: [
    "watch",
    "photo",
    "photo.php",
    "story.php",
    "permalink.php",
    "reel",
    "share",
    "events",
    "groups",
  ],
  twitter: ["i", "home", "search", "hashtag", "intent", "share"],
  other: [],
};

/** Path parts after the profile's name that mean a post of it ("/@name/video/123", "/name/status/123"). */
const POST_UNDER_PROFILE = new Set([
  "video",
  "status",
  "post",
  "posts",
  "photo",
  "photos",
  "p",
  "reel",
  "tv",
]);

function hostMatches(host: string, allowed: string): boolean {
  return host === allowed || host.endsWith(`.${allowed}`);
}

function parseLink(text: string): URL | null {
  // "instagram.com/name" and "www.instagram.com/name" are links too; a bare word is not.
  if (!/^https?:\/\//i.test(text) && !/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(\/|$|\?)/.test(text)) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * How a platform's profiles are read: one of the specification's by its own rules below; any other (the operator's)
 * by its link hosts, a profile being the one path segment after the host ("https://t.me/name").
 */
type ProfileRule = { platform: Platform; name: string; hosts: readonly string[] };

function profileRuleOf(platform: string | PlatformLinkRule): ProfileRule {
  if (typeof platform !== "string" && !Object.hasOwn(PROFILE_HOSTS, platform.platform)) {
    const name = platform.platform === OTHER_PLATFORM ? "" : platform.platformName;
    return { platform: "other", name, hosts: platform.linkHosts };
  }
  const slug = typeof platform === "string" ? platform : platform.platform;
  const known = (Object.hasOwn(PROFILE_HOSTS, slug) ? slug : OTHER_PLATFORM) as Platform;
  const specified = SPECIFICATION_PLATFORMS.find((candidate) => candidate.slug === known)?.name ?? "";
  // The platform's name as the shop has it when the service carries it (the messages name it).
  const name =
    known === OTHER_PLATFORM ? "" : typeof platform === "string" ? specified : platform.platformName;
  return { platform: known, name, hosts: PROFILE_HOSTS[known] };
}

/** The username on a profile link of the platform's own site, or why the link is not one. */
function usernameFromLink(url: URL, rule: ProfileRule): ProfileUsername {
  const { platform, name } = rule;
  const host = url.hostname.toLowerCase();
  const post = refused("post_link", profileLinkIsPost(name));
  const invalid = refused("invalid", invalidProfile(name));
  const postHost = Object.keys(POST_ONLY_HOSTS).find((allowed) => hostMatches(host, allowed));
  if (postHost) {
    return POST_ONLY_HOSTS[postHost] === platform
      ? post
      : refused("other_site", profileLinkOnOtherSite(host, name));
  }
  if (!rule.hosts.some((allowed) => hostMatches(host, allowed))) {
    return refused("other_site", profileLinkOnOtherSite(host, name));
  }
  const segments = url.pathname
    .split("/")
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment));
  const [first = "", second, third] = segments;
  if (NOT_A_PROFILE[platform].includes(first.toLowerCase())) return post;
  // A post under the profile ("/@name/video/1", "/name/status/1") is a post, whoever's it is.
  if (second && POST_UNDER_PROFILE.has(second.toLowerCase())) return post;
  const ok = (username: string | undefined, pattern: RegExp): ProfileUsername =>
    username && pattern.test(username) ? { ok: true, username } : invalid;
  switch (platform) {
    case "tiktok":
    case "threads":
      return first.startsWith("@") && segments.length === 1 ? ok(first.slice(1), NAME) : invalid;
    case "youtube":
      if (first.startsWith("@")) return segments.length <= 2 ? ok(first.slice(1), YOUTUBE_HANDLE) : invalid;
      if (["c", "user", "channel"].includes(first.toLowerCase()) && !third) return ok(second, YOUTUBE_HANDLE);
      return invalid;
    case "spotify":
      return ["artist", "user"].includes(first.toLowerCase()) && !third ? ok(second, SPOTIFY_ID) : invalid;
    case "facebook":
      if (first.toLowerCase() === "profile.php")
        return ok(url.searchParams.get("id") ?? undefined, /^\d{1,20}$/);
      return segments.length === 1 ? ok(first, /^[A-Za-z0-9.]{1,50}$/) : invalid;
    default:
      return segments.length === 1 ? ok(first.replace(/^@/, ""), NAME) : invalid;
  }
}

/**
 * The username a pasted name or profile link names on the service's platform, or why it names none: a
 * specification platform's slug, or the platform's rule as the service carries it (any platform).
 */
export function readProfileUsername(text: string, platform: string | PlatformLinkRule): ProfileUsername {
  const rule = profileRuleOf(platform);
  const name = rule.name;
  const trimmed = text.trim();
  if (!trimmed) return refused("empty", profileRequired(name));
  const bare = /^@?([A-Za-z0-9._]{1,30})$/.exec(trimmed);
  // "instagram.com" alone looks like a name with dots: a bare word with a known host is read as a link.
  if (bare?.[1] && !parseLink(trimmed)?.hostname.match(/\.(com|net|am|be|watch)$/i)) {
    return { ok: true, username: bare[1] };
  }
  const url = parseLink(trimmed);
  if (!url) return refused("invalid", invalidProfile(name));
  return usernameFromLink(url, rule);
}
