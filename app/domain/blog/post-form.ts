import { z } from "zod";
import { checkbox, UNKNOWN_FIELD_TEXT } from "../admin-form.ts";
import { BLOG_POST_MAX, POST_TEXT } from "./post-form-text.ts";
import { BLOG_CATEGORIES, DEFAULT_POST_AUTHOR, DEFAULT_READ_TIME, isPostSlug } from "./posts.ts";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .default("")
    .transform((value) => value || null);

/**
 * The blog post form (admin spec section 2: the Blog tab's fields); the content is Markdown. Strict: a field the
 * form does not have is refused, never silently dropped (product rules 10.6).
 */
export const blogPostForm = z.strictObject(
  {
    title: z
      .string()
      .trim()
      .min(1, POST_TEXT.titleRequired)
      .max(BLOG_POST_MAX.title, POST_TEXT.titleRequired),
    // Only read when creating; empty means "from the title".
    slug: z
      .string()
      .trim()
      .max(BLOG_POST_MAX.slug)
      .default("")
      .refine((value) => value === "" || isPostSlug(value), POST_TEXT.badSlug),
    excerpt: z.string().trim().max(BLOG_POST_MAX.excerpt).default(""),
    content: z.string().max(BLOG_POST_MAX.content).default(""),
    category: z.enum(BLOG_CATEGORIES, { error: "Choose a category." }),
    author: z
      .string()
      .trim()
      .max(BLOG_POST_MAX.author)
      .default("")
      .transform((value) => value || DEFAULT_POST_AUTHOR),
    readTime: z
      .string()
      .trim()
      .max(BLOG_POST_MAX.readTime)
      .default("")
      .transform((value) => value || DEFAULT_READ_TIME),
    // Rendered as an <img src>: our own paths or https only, never javascript: or data: addresses.
    featuredImage: optionalText(BLOG_POST_MAX.featuredImage).refine(
      (value) => value === null || /^(https:\/\/|\/(?!\/))\S+$/.test(value),
      POST_TEXT.badImage,
    ),
    metaDescription: optionalText(BLOG_POST_MAX.metaDescription),
    metaKeywords: optionalText(BLOG_POST_MAX.metaKeywords),
    published: checkbox,
  },
  { error: UNKNOWN_FIELD_TEXT },
);

export type BlogPostInput = z.output<typeof blogPostForm>;
