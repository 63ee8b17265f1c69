/** Blog rules the browser needs too (admin spec, section 9). */

/** The categories a post belongs to; each has its own badge colour. */
export const BLOG_CATEGORIES = ["Instagram", "YouTube", "TikTok", "Spotify", "Branding", "Trends"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** How many related posts (same category) a post page shows. */
export const RELATED_POSTS_LIMIT = 3;

/** Structured data carries at most this many characters of the post's body. */
export const STRUCTURED_DATA_BODY_LIMIT = 5000;

/** The author a post saved without one shows (the same as the blog_posts.author column's default). */
export const DEFAULT_POST_AUTHOR = "Boostly Team";

/** The read time a post without one shows. */
export const DEFAULT_READ_TIME = "5 min read";

/** A post as the list and the related-posts block show it. */
export type BlogPostSummary = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  author: string;
  readTime: string;
  publishedAt: Date;
};

/** A published post with everything its page shows. */
export type BlogPost = BlogPostSummary & {
  content: string;
  featuredImage: string | null;
  metaDescription: string | null;
  metaKeywords: string | null;
  updatedAt: Date;
};

/** A slug as it may appear in a URL: lower-case letters, digits and hyphens. */
export function isPostSlug(value: string | undefined): value is string {
  return typeof value === "string" && /^[a-z0-9][a-z0-9-]{0,199}$/.test(value);
}

/** The longest slug a new post gets from its title (URLs stay readable). */
const MAX_GENERATED_SLUG = 80;

/** A new post's slug from its title: lower case, every run of other characters a hyphen (admin spec section 4). */
export function postSlugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_GENERATED_SLUG)
    .replace(/^-+|-+$/g, "");
}
