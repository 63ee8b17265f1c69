import { describe, expect, it } from "vitest";
import { readProfileUsername } from "../../app/domain/orders/profile-username.ts";
import { checkInstagramPostLink, checkTargetLink } from "../../app/domain/orders/target-link.ts";

// Platforms are data (docs/decisions/038): a service carries its platform's name and link hosts, and the same check
// runs in the browser and on the server. These rules are the drizzle/0020 rows and two the operator adds.
const TELEGRAM = { platform: "telegram", platformName: "Telegram", linkHosts: ["t.me", "telegram.me"] };
const ANY_LINK = { platform: "kick", platformName: "Kick", linkHosts: [] };
const OTHER = { platform: "other", platformName: "Other", linkHosts: [] };
const TIKTOK = { platform: "tiktok", platformName: "TikTok", linkHosts: ["tiktok.com"] };
const INSTAGRAM = { platform: "instagram", platformName: "Instagram", linkHosts: ["instagram.com"] };

const linkOf = (text: string, rule: typeof TELEGRAM, targetKind: "post" | "profile" = "post") => {
  const checked = checkTargetLink(text, { ...rule, targetKind });
  return checked.ok ? checked.link : `${checked.title}: ${checked.message}`;
};

describe("an order's link follows its platform's rule (docs/decisions/038)", () => {
  it.each([
    ["https://t.me/boostly_channel", "https://t.me/boostly_channel"],
    ["t.me/boostly_channel/42", "https://t.me/boostly_channel/42"],
    ["https://telegram.me/joinchat/AbC", "https://telegram.me/joinchat/AbC"],
    ["http://www.t.me/name", "http://www.t.me/name"],
    ["https://www.instagram.com/p/AbC123/", "Invalid Link: Please enter a valid Telegram link"],
    ["https://t.me.evil.example/name", "Invalid Link: Please enter a valid Telegram link"],
    ["https://nott.me/name", "Invalid Link: Please enter a valid Telegram link"],
    ["ftp://t.me/name", "Invalid Link: Please enter a valid Telegram link"],
    ["", "Target URL Required: Please enter the URL for your order"],
  ])("Telegram (t.me, telegram.me): %j is %j", (text, expected) => {
    expect(linkOf(text, TELEGRAM)).toBe(expected);
  });

  it("takes any http(s) link on a platform with no hosts, and names it when the text is no link", () => {
    expect(linkOf("https://kick.com/streamer", ANY_LINK)).toBe("https://kick.com/streamer");
    expect(linkOf("https://example.com/anything?x=1", ANY_LINK)).toBe("https://example.com/anything?x=1");
    expect(linkOf("not a link", ANY_LINK)).toBe("Invalid Link: Please enter a valid Kick link");
    expect(linkOf(`https://kick.com/${"x".repeat(500)}`, ANY_LINK)).toBe(
      "Invalid Link: The link is too long: at most 500 characters",
    );
  });

  it('names no platform for "other", the catch-all of services that belong to none', () => {
    expect(linkOf("https://anywhere.example/x", OTHER)).toBe("https://anywhere.example/x");
    expect(linkOf("not a link", OTHER)).toBe("Invalid Link: Please enter a valid link");
  });

  it("keeps the specification's messages and Instagram's post rule", () => {
    expect(linkOf("https://www.instagram.com/p/C0ffeeBean12/", INSTAGRAM)).toBe(
      "https://www.instagram.com/p/C0ffeeBean12/",
    );
    expect(linkOf("https://www.instagram.com/name/", INSTAGRAM)).toBe(
      "Invalid Link: Please enter a valid Instagram post link",
    );
    expect(linkOf("", INSTAGRAM)).toBe("Post Link Required: Please enter an Instagram post link");
    expect(linkOf("@name", INSTAGRAM, "profile")).toBe("https://www.instagram.com/name/");
    expect(linkOf("https://t.me/name", TIKTOK)).toBe("Invalid Link: Please enter a valid TikTok link");
    expect(checkInstagramPostLink("https://www.instagram.com/reel/AbC123/")).toMatchObject({ ok: true });
    expect(checkInstagramPostLink("https://t.me/name")).toMatchObject({
      ok: false,
      message: "Please enter a valid Instagram post link",
    });
  });

  it("reads a profile on an operator's platform from its hosts, and refuses another site's naming it", () => {
    const read = (text: string) => {
      const profile = readProfileUsername(text, TELEGRAM);
      return profile.ok ? profile.username : `${profile.code}: ${profile.message}`;
    };
    expect(read("https://t.me/boostly_channel")).toBe("boostly_channel");
    expect(read("@boostly_channel")).toBe("boostly_channel");
    expect(read("https://www.instagram.com/name/")).toMatch(/^other_site: .*Telegram/);
  });

  it("stores one link per post: share tracking, fragments and Instagram's variants dropped (product rules 4.11)", () => {
    const shares = [
      "https://www.instagram.com/p/C0ffeeBean12/?igsh=MWx0bHk2",
      "https://instagram.com/p/C0ffeeBean12",
      "https://m.instagram.com/p/C0ffeeBean12/?utm_source=ig_web_copy_link#comments",
      "https://www.instagram.com/boostly/p/C0ffeeBean12/?img_index=1",
      "http://www.instagram.com/p/C0ffeeBean12/?igshid=abc",
    ];
    for (const share of shares)
      expect(linkOf(share, INSTAGRAM), share).toBe("https://www.instagram.com/p/C0ffeeBean12/");
    expect(linkOf("https://www.instagram.com/reels/DxReel9/?igsh=x", INSTAGRAM)).toBe(
      "https://www.instagram.com/reel/DxReel9/",
    );
    expect(
      linkOf("https://www.TikTok.com/@abc2/video/7312?is_from_webapp=1&sender_device=pc&lang=en#top", TIKTOK),
    ).toBe("https://www.tiktok.com/@abc2/video/7312?lang=en");
    const X = { platform: "twitter", platformName: "Twitter", linkHosts: ["x.com", "twitter.com"] };
    expect(linkOf("https://x.com/boostly/status/13?s=20&t=Ab1", X)).toBe("https://x.com/boostly/status/13");
    // Elsewhere `t` may mean something (a video's start): kept.
    const YOUTUBE = { platform: "youtube", platformName: "YouTube", linkHosts: ["youtube.com", "youtu.be"] };
    expect(linkOf("https://youtu.be/dQw4w9WgXcQ?si=Xy12&t=42", YOUTUBE)).toBe(
      "https://youtu.be/dQw4w9WgXcQ?t=42",
    );
    expect(linkOf("https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=share", YOUTUBE)).toBe(
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
  });
});
