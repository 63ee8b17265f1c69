/** Sample posts a fresh shop starts with, so the blog is never empty on day one. */
export const seedBlogPosts = [
  {
    slug: "instagram-reels-reach-2026",
    title: "How to get more reach on Instagram Reels in 2026",
    excerpt: "Hooks, watch time and the first hour after posting: what actually moves a reel into Explore.",
    category: "Instagram" as const,
    author: "Maya Chen",
    readTime: "6 min read",
    publishedDaysAgo: 3,
    metaDescription:
      "Practical steps to grow Instagram Reels reach in 2026: hooks, watch time, posting rhythm and early engagement.",
    metaKeywords: "instagram reels, reach, explore, engagement",
    content: `Reels are still the fastest way for a small account to reach people who do not follow it yet. Here is what we see working for the creators we help every day.

## Win the first two seconds
Viewers decide almost at once whether to keep watching. Open with the result, the question or the surprise, not with a logo or a greeting.

- Put on-screen text in the first frame
- Cut every pause longer than half a second
- End on a loop so the reel replays naturally

## Watch time beats everything
Instagram measures how much of your reel people watch and how often they replay it. Shorter reels that people finish usually beat long ones they abandon.

## The first hour matters
Early likes, saves and shares tell the algorithm that a reel deserves a wider audience. Post when your followers are online, answer comments quickly, and share the reel to your story.

### A simple weekly rhythm
1. Three reels a week, same days and times
2. One carousel that teaches something
3. Daily stories that invite replies

If you want a head start on a reel you believe in, [Instagram Views](/service/instagram-views) and **real likes** from our [likes packs](/order/real-instagram-likes) give it the early signal it needs.`,
  },
  {
    slug: "tiktok-for-you-page-guide",
    title: "The For You page, explained without the myths",
    excerpt:
      "What TikTok looks at before it shows your video to strangers, and the habits that help every upload.",
    category: "TikTok" as const,
    author: "Jordan Alvarez",
    readTime: "5 min read",
    publishedDaysAgo: 10,
    metaDescription:
      "How TikTok's For You page works: completion rate, rewatches, shares and the habits that help every video.",
    metaKeywords: "tiktok, for you page, fyp, algorithm",
    content: `Every TikTok video is first shown to a small test audience. How that audience reacts decides whether the video travels further.

## What the test audience tells TikTok
- **Completion rate**: did people watch to the end?
- **Rewatches**: did they watch again?
- **Shares and comments**: did they care enough to act?

## Habits that help every upload
1. Post consistently, at least four times a week
2. Use trending sounds early, while they are still growing
3. Reply to comments with video replies

## Myths to ignore
Hashtags like #fyp do not put you on the For You page, and deleting videos that underperform does not reset anything.

A strong start helps a good video get past the test audience. [TikTok Likes](/service/tiktok-likes) and [TikTok Views](/service/tiktok-views) are a simple way to give your best content that first push.`,
  },
  {
    slug: "spotify-release-checklist",
    title: "A release-day checklist for independent artists on Spotify",
    excerpt: "Pitch early, line up your saves, and turn first-week listeners into followers who come back.",
    category: "Spotify" as const,
    author: "Sam Okafor",
    readTime: "7 min read",
    publishedDaysAgo: 21,
    metaDescription:
      "A release-day checklist for independent artists on Spotify: editorial pitching, pre-saves, first-week plays and followers.",
    metaKeywords: "spotify, release, independent artist, playlists",
    content: `A release does not start on release day. The artists who do best on Spotify plan four weeks ahead.

## Four weeks before
- Deliver the track to your distributor
- Pitch it to Spotify's editors from Spotify for Artists
- Prepare a pre-save link and share it

## Release week
1. Share the track everywhere on the first morning
2. Ask fans to **save** it, not just play it
3. Update your artist profile picture and canvas

## After release
Saves and follows feed Release Radar and Discover Weekly. Every listener you turn into a follower hears your next release automatically.

Looking for momentum in that first week? [Spotify Plays](/service/spotify-plays) and [Spotify Followers](/service/spotify-followers) help a new track find its audience.`,
  },
];
