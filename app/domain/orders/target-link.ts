import { OTHER_PLATFORM, type PlatformLinkRule } from "../catalog/platforms.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { MAX_LINK_LENGTH, type Notice, ORDER_TEXT } from "./messages.ts";

const INSTAGRAM_POST =
  /^https?:\/\/(?:www\.|m\.)?instagram\.com\/(?:[A-Za-z0-9._]+\/)?(p|reel|reels|tv)\/([A-Za-z0-9_-]+)\/?(?:[?#].*)?$/;

/**
 * Query parameters that say where a link was shared from, not what it points to: dropped before a link is stored,
 * so the same post ordered from six shares is one link, found by one search (product rules 4.11).
 */
const TRACKING_PARAMETER =
  /^(?:utm_.*|fbclid|gclid|dclid|msclkid|igshid|igsh|si|feature|is_from_webapp|sender_device|sender_web_id|_r|_t|ref|ref_src|ref_url|share_id|share_source|mibextid)$/i;
/** On X (Twitter) `s` and `t` are share tracking too; elsewhere they may mean something. */
const X_TRACKING_PARAMETER = /^(?:s|t)$/i;
const X_HOSTS = /(?:^|\.)(?:twitter\.com|x\.com)$/;

/** A link as it is stored: its host in lower case, no fragment, no share-tracking parameters. */
export function normalizeLink(url: URL): string {
  const clean = new URL(url.toString());
  clean.hash = "";
  const onX = X_HOSTS.test(clean.hostname);
  for (const name of [...clean.searchParams.keys()])
    if (TRACKING_PARAMETER.test(name) || (onX && X_TRACKING_PARAMETER.test(name)))
      clean.searchParams.delete(name);
  return clean.toString();
}
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

/** Whether a link is on one of the platform's hosts or their subdomains; any link when it names none. */
function onPlatform(url: URL, hosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  return hosts.length === 0 || hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** An Instagram username as typed ("@name", "name"), trimmed and without the @; null when not one. */
export function normalizeInstagramUsername(text: string): string | null {
  const username = text.trim().replace(/^@/, "");
  return INSTAGRAM_USERNAME.test(username) ? username : null;
}

/**
 * Checks what an order is delivered to (customer spec section 5): Instagram post services need a post link
 * (/p/, /reel/ or /tv/ and an id); profile services take the profile's link (or, on Instagram, a username);
 * every link must be on one of the service's platform's hosts, or be any http(s) address when the platform names
 * none (docs/decisions/038). The platform's name and hosts travel with the service, so the browser checks the same.
 */
export function checkTargetLink(
  text: string,
  service: PlatformLinkRule & { targetKind: "post" | "profile" },
): LinkCheck {
  const trimmed = text.trim();
  if (service.platform === "instagram" && service.targetKind === "post") return checkInstagramPostLink(text);
  if (!trimmed) return refuse("invalid", ORDER_TEXT.targetRequired);
  if (trimmed.length > MAX_LINK_LENGTH) return refuse("invalid", ORDER_TEXT.linkTooLong);
  if (service.platform === "instagram") {
    const username = normalizeInstagramUsername(trimmed);
    if (username) return { ok: true, link: `https://www.instagram.com/${username}/` };
  }
  const url = parseUrl(trimmed);
  if (!url || !onPlatform(url, service.linkHosts)) return refuse("invalid", invalidLinkFor(service));
  return { ok: true, link: normalizeLink(url) };
}

/** An Instagram post's link (/p/, /reel/ or /tv/ and an id): what Instagram post services and likes packs take. */
export function checkInstagramPostLink(text: string): LinkCheck {
  const trimmed = text.trim();
  if (!trimmed) return refuse("invalid", ORDER_TEXT.postLinkRequired);
  if (trimmed.length > MAX_LINK_LENGTH) return refuse("invalid", ORDER_TEXT.linkTooLong);
  const post = INSTAGRAM_POST.exec(trimmed);
  if (!post) return refuse("invalid", ORDER_TEXT.invalidInstagramLink);
  // One post, one link: the canonical address, whoever shared it and from where (product rules 4.11).
  const kind = post[1] === "reels" ? "reel" : post[1];
  return { ok: true, link: `https://www.instagram.com/${kind}/${post[2]}/` };
}

/** "Please enter a valid Telegram link": the platform's name, none for the catch-all "other". */
function invalidLinkFor(rule: PlatformLinkRule): Notice {
  const name = rule.platform === OTHER_PLATFORM ? "" : rule.platformName;
  return {
    title: "Invalid Link",
    message: name ? `Please enter a valid ${name} link` : "Please enter a valid link",
  };
}
