import { describe, expect, it } from "vitest";
import { readProfileUsername } from "../../app/domain/orders/profile-username.ts";
import { noticeOf } from "../../app/domain/refusal.ts";

const username = (text: string, platform: string) => {
  const read = readProfileUsername(text, platform);
  return read.ok ? read.username : read.code;
};

describe("the username a pasted profile names (product rules 4.10)", () => {
  it.each([
    ["name", "name"],
    ["@name", "name"],
    ["  name.with_dots  ", "name.with_dots"],
    ["https://instagram.com/name/", "name"],
    ["https://www.instagram.com/name/", "name"],
    ["https://www.instagram.com/name?igsh=MTc4MmM1YmI2Ng==", "name"],
    ["https://www.instagram.com/name/?utm_source=ig_web_copy_link&igsh=abc", "name"],
    ["http://m.instagram.com/name", "name"],
    ["instagram.com/name", "name"],
    ["www.instagram.com/name/#posts", "name"],
    ["https://instagram.com/@name", "name"],
  ])("Instagram: %j is %j", (text, expected) => {
    expect(username(text, "instagram")).toBe(expected);
  });

  it.each([
    ["https://www.instagram.com/p/AbC123/", "post_link"],
    ["https://www.instagram.com/reel/AbC123/?igsh=x", "post_link"],
    ["https://www.instagram.com/name/p/AbC123/", "post_link"],
    ["https://www.instagram.com/stories/name/123/", "post_link"],
    ["https://www.tiktok.com/@name", "other_site"],
    ["https://example.com/name", "other_site"],
    ["https://instagram.com.evil.example/name", "other_site"],
    ["https://www.instagram.com/", "invalid"],
    ["instagram.com", "invalid"],
    ["not a name", "invalid"],
    ["name!", "invalid"],
    ["", "empty"],
    ["   ", "empty"],
  ])("Instagram: refuses %j as %s", (text, problem) => {
    expect(username(text, "instagram")).toBe(problem);
  });

  it.each([
    ["tiktok", "https://www.tiktok.com/@name", "name"],
    ["tiktok", "tiktok.com/@name?lang=en", "name"],
    ["tiktok", "@name", "name"],
    ["tiktok", "https://www.tiktok.com/@name/video/7300000000000000000", "post_link"],
    ["tiktok", "https://vm.tiktok.com/ZMabc123/", "post_link"],
    ["tiktok", "https://www.instagram.com/name/", "other_site"],
    ["youtube", "https://www.youtube.com/@channel-name", "channel-name"],
    ["youtube", "https://youtube.com/@channel/videos", "channel"],
    ["youtube", "https://www.youtube.com/c/ChannelName", "ChannelName"],
    ["youtube", "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "post_link"],
    ["youtube", "https://youtu.be/dQw4w9WgXcQ", "post_link"],
    ["youtube", "https://www.youtube.com/shorts/abc", "post_link"],
    ["twitter", "https://x.com/name", "name"],
    ["twitter", "https://twitter.com/name?s=20", "name"],
    ["twitter", "https://x.com/name/status/1234567890", "post_link"],
    ["threads", "https://www.threads.net/@name", "name"],
    ["threads", "https://www.threads.net/@name/post/Cabc", "post_link"],
    ["facebook", "https://www.facebook.com/page.name", "page.name"],
    ["facebook", "https://www.facebook.com/profile.php?id=1000123", "1000123"],
    ["facebook", "https://fb.watch/abc/", "post_link"],
    ["spotify", "https://open.spotify.com/artist/0TnOYISbd1XYRBk9myaseg?si=x", "0TnOYISbd1XYRBk9myaseg"],
    ["spotify", "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC", "post_link"],
  ])("%s: %j is %j", (platform, text, expected) => {
    expect(username(text, platform)).toBe(expected);
  });

  it("says beside the field what was wrong, naming the platform", () => {
    const post = readProfileUsername("https://www.instagram.com/p/AbC123/", "instagram");
    expect(post.ok ? null : post.message).toBe(
      "That link points to a post, not a profile. Paste your profile link (instagram.com/yourname) or just your username.",
    );
    const other = readProfileUsername("https://www.tiktok.com/@name", "instagram");
    expect(other.ok ? null : other.message).toBe(
      "That link is on www.tiktok.com, not Instagram. Paste your Instagram profile link (instagram.com/yourname) or just your username.",
    );
    const empty = readProfileUsername("", "instagram");
    expect(empty.ok ? null : noticeOf(empty)).toEqual({
      title: "Error",
      message: "Please enter your Instagram username",
    });
  });
});
