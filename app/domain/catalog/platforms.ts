/** The platforms that have a public service list at /services/{platform}. */
export const listedPlatforms = [
  "instagram",
  "youtube",
  "tiktok",
  "spotify",
  "threads",
  "facebook",
  "twitter",
] as const;

export type ListedPlatform = (typeof listedPlatforms)[number];

/** Display names of the listed platforms. */
export const platformNames: Record<ListedPlatform, string> = {
  instagram: "Instagram",
  youtube: "YouTube",
  tiktok: "TikTok",
  spotify: "Spotify",
  threads: "Threads",
  facebook: "Facebook",
  twitter: "Twitter",
};

/** Narrows a URL segment to a listed platform, or null for anything else. */
export function parseListedPlatform(value: string | undefined): ListedPlatform | null {
  return (listedPlatforms as readonly string[]).includes(value ?? "") ? (value as ListedPlatform) : null;
}
