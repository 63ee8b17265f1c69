import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { blogPosts, newsletterSubscribers, services } from "../../../app/db/schema.ts";
import { NEWSLETTER_SUBSCRIBED } from "../../../app/domain/blog/newsletter.ts";
import { STATIC_PUBLIC_PATHS } from "../../../app/domain/seo/public-paths.ts";
import { appUrl, uniqueEmail, Visitor } from "../../support/http.ts";

type PostInput = Partial<typeof blogPosts.$inferInsert> & { title: string };

/** A post with a unique slug; published unless told otherwise. */
async function insertPost(input: PostInput) {
  const slug = input.slug ?? `test-${randomUUID().slice(0, 8)}`;
  const published = input.published ?? true;
  const [post] = await db()
    .insert(blogPosts)
    .values({
      category: "Trends",
      excerpt: `Excerpt of ${input.title}`,
      content: `Body of ${input.title}`,
      publishedAt: published ? new Date() : null,
      ...input,
      slug,
      published,
    })
    .returning();
  return post!;
}

async function get(path: string) {
  const response = await new Visitor().request(path);
  return { status: response.status, response, html: await response.text() };
}

/** The /blog/{slug} links of a page, in document order. */
function postLinks(html: string): string[] {
  return [...html.matchAll(/href="\/blog\/([a-z0-9-]+)"/g)].map((match) => match[1]!);
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

async function sitemapLocs(): Promise<string[]> {
  const response = await fetch(`${appUrl}/sitemap.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
}

describe("the blog", () => {
  it("lists published posts newest first, never drafts", async () => {
    const older = await insertPost({ title: "Older post", publishedAt: new Date(Date.now() - 60_000) });
    const newer = await insertPost({ title: "Newer post" });
    const draft = await insertPost({ title: "Draft post", published: false });

    const { status, html } = await get("/blog");
    expect(status).toBe(200);
    const links = postLinks(html);
    expect(links).toContain(older.slug);
    expect(links.indexOf(newer.slug)).toBeLessThan(links.indexOf(older.slug));
    expect(links).not.toContain(draft.slug);
    expect(html).not.toContain("Draft post");
    // The card: category badge, title, excerpt, author, date and read time.
    expect(html).toContain("Excerpt of Newer post");
    expect(html).toContain("Boostly Team");
    expect(html).toContain("5 min read");
    expect(html).toMatch(/<h1[^>]*>/);

    // Every published post of the database, newest first.
    const published = await db()
      .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(eq(blogPosts.published, true));
    const expected = published
      .sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime())
      .map((post) => post.slug);
    expect(links.filter((slug, index) => links.indexOf(slug) === index).slice(0, 3)).toEqual(
      expected.filter((slug) => links.includes(slug)).slice(0, 3),
    );
  });

  it("answers 404 for a draft and an unknown slug, and keeps drafts out of the sitemap", async () => {
    const draft = await insertPost({ title: "Secret draft", published: false });
    for (const path of [`/blog/${draft.slug}`, "/blog/no-such-post", "/blog/Bad%20Slug!"]) {
      const { status, html } = await get(path);
      expect(status, path).toBe(404);
      expect(html).toContain("Oops! Page not found");
      expect(html).not.toContain("Secret draft");
    }
    const locs = await sitemapLocs();
    expect(locs).not.toContain(`${appUrl}/blog/${draft.slug}`);
  });

  it("shows a published post with breadcrumb, markdown, structured data and related posts", async () => {
    const sibling = await insertPost({
      title: "A sibling in Trends",
      publishedAt: new Date(Date.now() - 1000),
    });
    const other = await insertPost({ title: "Other category post", category: "Spotify" });
    const longBody = "x".repeat(6000);
    const post = await insertPost({
      title: "Trends to watch",
      metaDescription: "What is trending this month.",
      featuredImage: "https://images.example.com/trends.jpg",
      content: `## What changed\n- **Short** videos\n1. [Our views](/service/instagram-views)\n\nBreak out </script><script>window.pwned=1</script>\n\n${longBody}`,
    });

    const { status, html } = await get(`/blog/${post.slug}`);
    expect(status).toBe(200);
    // Breadcrumb: Home › Blog › title.
    expect(html).toMatch(
      /<nav aria-label="Breadcrumb"[\s\S]*?href="\/"[\s\S]*?Home[\s\S]*?href="\/blog"[\s\S]*?Blog[\s\S]*?Trends to watch/,
    );
    expect(html).toMatch(/<h1[^>]*>Trends to watch<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>What changed<\/h2>/);
    expect(html).toContain("<strong>Short</strong>");
    expect(html).toMatch(/<a href="\/service\/instagram-views"[^>]*>Our views<\/a>/);
    expect(html).toMatch(/<img src="https:\/\/images.example.com\/trends.jpg" alt="Trends to watch"/);
    // The text of the post never becomes markup.
    expect(html).not.toContain("<script>window.pwned=1</script>");
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;");

    // Title and description come from meta_description; canonical address.
    expect(html).toContain("<title>Trends to watch | Boostly</title>");
    expect(html).toContain('<meta name="description" content="What is trending this month."/>');
    expect(html).toContain(`<link rel="canonical" href="${appUrl}/blog/${post.slug}"/>`);

    // BlogPosting JSON-LD, nonce'd, with its body capped at 5000 characters and no way out of the script.
    expect(html).toMatch(/<script type="application\/ld\+json" nonce="[^"]+">/);
    const [posting] = jsonLd(html).filter((item) => item["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: "Trends to watch",
      description: "What is trending this month.",
      author: { "@type": "Person", name: "Boostly Team" },
    });
    expect(typeof posting!.datePublished).toBe("string");
    expect((posting!.articleBody as string).length).toBe(5000);
    expect(posting!.articleBody as string).toContain("</script><script>window.pwned=1</script>");

    // Related: same category, not this post, at most three.
    const related = html.split('data-testid="related-posts"')[1] ?? "";
    const relatedLinks = [...new Set(postLinks(related))];
    expect(relatedLinks).toContain(sibling.slug);
    expect(relatedLinks).not.toContain(post.slug);
    expect(relatedLinks).not.toContain(other.slug);
    expect(relatedLinks.length).toBeLessThanOrEqual(3);
  });

  it("stores a newsletter address once, lower-cased, and answers every time the same way", async () => {
    const email = uniqueEmail("news");
    const mixed = email.replace(/^news/, "NeWs").toUpperCase();
    for (const address of [mixed, email, ` ${email} `]) {
      const response = await new Visitor().request("/blog?index", {
        form: { intent: "subscribe", email: address },
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(NEWSLETTER_SUBSCRIBED.replace("'", "&#x27;"));
    }
    const rows = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email.toLowerCase()));
    expect(rows).toHaveLength(1);

    const invalid = await new Visitor().request("/blog?index", { form: { email: "not-an-address" } });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Please enter a valid email address");
  });
});

describe("service pages", () => {
  it("shows a service with its price, limits, SEO block, FAQ, structured data and Order Now", async () => {
    const [service] = await db().select().from(services).where(eq(services.slug, "instagram-followers"));
    const { status, html } = await get("/service/instagram-followers");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Buy Instagram Followers/);
    expect(html).toContain(`<link rel="canonical" href="${appUrl}/service/instagram-followers"/>`);
    expect(html).toContain('data-testid="service-seo"');
    expect((html.match(/<details/g) ?? []).length).toBeGreaterThanOrEqual(5);
    expect(html).toContain("How much does Instagram Followers cost?");
    const types = jsonLd(html).map((item) => item["@type"]);
    expect(types).toEqual(expect.arrayContaining(["Service", "FAQPage"]));
    // A visitor's Order Now goes through sign-up to the service's order page.
    const next = encodeURIComponent(`/order/instagram-${service!.id}`);
    expect(html).toContain(`href="/register?next=${next}"`);
  });

  it.each([
    ["instagram-comments", "Instagram Comments", "instagram-comments"],
    ["instagram-story-views", "Instagram Story Views", "instagram-story-views"],
    ["youtube-subscribers", "YouTube Subscribers", "youtube-subscribers"],
    ["tiktok-comments", "TikTok Comments", "tiktok-comments"],
    ["spotify-saves", "Spotify Saves", "spotify-saves"],
    ["spotify-playlist-plays", "Spotify Plays", "spotify-plays"],
  ])("answers /service/%s with %s", async (slug, name, canonical) => {
    const { status, html } = await get(`/service/${slug}`);
    expect(status).toBe(200);
    expect(html).toContain(`Buy ${name}`);
    expect(html).toContain(`<link rel="canonical" href="${appUrl}/service/${canonical}"/>`);
  });

  it("answers 404 for unknown and disabled services", async () => {
    const slug = `disabled-${randomUUID().slice(0, 8)}`;
    await db()
      .insert(services)
      .values({
        slug,
        name: `Disabled ${slug}`,
        platform: "instagram",
        serviceType: "one_time",
        pricePer1000: "1.0000",
        minQuantity: 10,
        maxQuantity: 100,
        enabled: false,
      });
    for (const path of ["/service/no-such-service", `/service/${slug}`]) {
      const { status, html } = await get(path);
      expect(status, path).toBe(404);
      expect(html).toContain("Oops! Page not found");
    }
    expect(await sitemapLocs()).not.toContain(`${appUrl}/service/${slug}`);
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists the public pages, every enabled service and every published post, with lastmod for posts", async () => {
    const post = await insertPost({ title: "Sitemap post" });
    const response = await fetch(`${appUrl}/sitemap.xml`);
    const xml = await response.text();
    const locs = await sitemapLocs();
    for (const path of STATIC_PUBLIC_PATHS) expect(locs).toContain(`${appUrl}${path}`);
    for (const path of ["/services/instagram", "/services/twitter", "/help/troubleshooting", "/blog"]) {
      expect(locs).toContain(`${appUrl}${path}`);
    }
    const enabled = await db()
      .select({ slug: services.slug })
      .from(services)
      .where(eq(services.enabled, true));
    for (const { slug } of enabled) expect(locs).toContain(`${appUrl}/service/${slug}`);
    expect(locs).toContain(`${appUrl}/blog/${post.slug}`);
    expect(xml).toMatch(new RegExp(`<loc>${appUrl}/blog/${post.slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
    expect(locs.every((loc) => loc.startsWith(`${appUrl}/`))).toBe(true);
  });

  it("leaves out every noindex page", async () => {
    const paths = (await sitemapLocs()).map((loc) => new URL(loc).pathname);
    const noindex =
      /^\/(admin|admin-login|dashboard|profile|wallet|order|quick-order|automatic-order|free-trial|login|register|forgot-password|reset-password|dev)(\/|$)/;
    expect(paths.filter((path) => noindex.test(path))).toEqual([]);
  });

  it("every listed page answers 200 with a title, description, canonical link and h1 in its server HTML", async () => {
    const locs = await sitemapLocs();
    const problems: string[] = [];
    for (const loc of locs) {
      const response = await fetch(loc, { redirect: "manual" });
      const html = await response.text();
      const path = new URL(loc).pathname;
      if (response.status !== 200) problems.push(`${path}: status ${response.status}`);
      if (!/<title>[^<]+<\/title>/.test(html)) problems.push(`${path}: no title`);
      if (!/<meta name="description" content="[^"]+"/.test(html)) problems.push(`${path}: no description`);
      if (!html.includes(`<link rel="canonical" href="${loc}"/>`)) problems.push(`${path}: no canonical`);
      if (!/<h1[\s>]/.test(html)) problems.push(`${path}: no h1`);
      if (/<meta name="robots" content="noindex/.test(html)) problems.push(`${path}: noindex`);
    }
    expect(problems).toEqual([]);
  });

  it("serves robots.txt: allow all, keep private areas out, point to the sitemap", async () => {
    const response = await fetch(`${appUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const body = await response.text();
    expect(body).toContain("User-agent: *");
    expect(body).toContain("Allow: /");
    for (const path of [
      "/admin",
      "/dashboard",
      "/orders",
      "/profile",
      "/wallet",
      "/order/",
      "/quick-order",
      "/mass-order",
      "/automatic-order",
      "/free-trial",
      "/api/",
    ]) {
      expect(body).toMatch(new RegExp(`^Disallow: ${path.replace(/\//g, "\\/")}$`, "m"));
    }
    expect(body).toContain(`Sitemap: ${appUrl}/sitemap.xml`);
  });
});
