import { type ListedPlatform, platformNames } from "../catalog/platforms.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { type Notice, ORDER_TEXT } from "./messages.ts";

type Platform = ListedPlatform | "other";

const PLATFORM_HOSTS: Record<Platform, string[]> = {
  instagram: ["instagram.com"],
  youtube: ["youtube.com", "youtu.be"],
  tiktok: ["tiktok.com"],
  spotify: ["spotify.com"],
  threads: ["threads.net", "threads.com"],
  facebook: ["facebook.com", "fb.com", "fb.watch"],
  twitter: ["twitter.com", "x.com"],
  other: [],
};

const MAX_LINK_LENGTH = 500;
const INSTAGRAM_POST =
  /^https?:\/\/(?:www\.|m\.)?instagram\.com\/(?:[A-Za-z0-9._]+\/)?(?:p|reel|reels|tv)\/[A-Za-z0-9_-]+\/?(?:[?#].*)?$/;
const INSTAGRAM_USERNAME = /^[A-Za-z0-9._]{1,30}$/;

/** The link to deliver to, or why it is not one (the caller names the field it came from). */
export type LinkCheck = { ok: true; link: string } | Refusal;

function parseUrl(text: string): URL | null {
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

function onPlatform(url: URL, platform: Platform): boolean {
  const host = url.hostname.toLowerCase();
  return PLATFORM_HOSTS[platform].some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** An Instagram username as typed ("@name", "name"), trimmed and without the @; null when not one. */
export function normalizeInstagramUsername(text: string): string | null {
  const username = text.trim().replace(/^@/, "");
  return INSTAGRAM_USERNAME.test(username) ? username : null;
}

/**
 * Checks what an order is delivered to (customer spec section 5): Instagram post services need a post link
 * (/p/, /reel/ or /tv/ and an id); profile services take the profile's link (or, on Instagram, a username);
 * every link must be on the service's platform.
 */
export function checkTargetLink(
  text: string,
  service: { platform: Platform; targetKind: "post" | "profile" },
): LinkCheck {
  const trimmed = text.trim();
  const instagramPost = service.platform === "instagram" && service.targetKind === "post";
  if (!trimmed)
    return refuse("invalid", instagramPost ? ORDER_TEXT.postLinkRequired : ORDER_TEXT.targetRequired);
  if (trimmed.length > MAX_LINK_LENGTH)
    return refuse("invalid", invalidLinkFor(service.platform, instagramPost));
  if (instagramPost) {
    return INSTAGRAM_POST.test(trimmed)
      ? { ok: true, link: trimmed }
      : refuse("invalid", ORDER_TEXT.invalidInstagramLink);
  }
  if (service.platform === "instagram") {
    const username = normalizeInstagramUsername(trimmed);
    if (username) return { ok: true, link: `https://www.instagram.com/${username}/` };
  }
  const url = parseUrl(trimmed);
  if (!url || (service.platform !== "other" && !onPlatform(url, service.platform))) {
    return refuse("invalid", invalidLinkFor(service.platform, false));
  }
  return { ok: true, link: url.toString() };
}

function invalidLinkFor(platform: Platform, instagramPost: boolean): Notice {
  if (instagramPost) return ORDER_TEXT.invalidInstagramLink;
  const name = platform === "other" ? "" : platformNames[platform];
  return {
    title: "Invalid Link",
    message: name ? `Please enter a valid ${name} link` : "Please enter a valid link",
  };
}
