/**
 * The longest text each admin content field takes. The schemas refuse longer and the forms stop typing there
 * (maxLength); both read these, so the two never disagree. No zod here: the forms' bundles import this file.
 */
export const BLOG_POST_MAX = {
  title: 200,
  slug: 200,
  excerpt: 500,
  content: 100_000,
  author: 100,
  readTime: 40,
  featuredImage: 500,
  metaDescription: 300,
  metaKeywords: 300,
} as const;

export const SERVICE_MAX = { name: 120, description: 2_000, features: 4_000 } as const;

export const BANNER_TEXT_MAX = 300;

export const PAGE_TEXT_MAX = { heroTitle: 120, heroSubtitle: 400, footerText: 300 } as const;
