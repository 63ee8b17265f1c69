import { markdownToPlainText } from "../../lib/markdown.tsx";
import { capText } from "../seo/json-ld.ts";
import { type BlogPost, STRUCTURED_DATA_BODY_LIMIT } from "./posts.ts";

type PostForStructuredData = Pick<
  BlogPost,
  | "slug"
  | "title"
  | "excerpt"
  | "content"
  | "author"
  | "category"
  | "featuredImage"
  | "metaDescription"
  | "metaKeywords"
> & { publishedAt: Date | string; updatedAt: Date | string };

/** schema.org BlogPosting for a post page; the body is plain text, at most 5000 characters. */
export function blogPostingJsonLd(post: PostForStructuredData, origin: string) {
  const url = `${origin}/blog/${post.slug}`;
  const image = post.featuredImage
    ? post.featuredImage.startsWith("/")
      ? `${origin}${post.featuredImage}`
      : post.featuredImage
    : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: capText(post.title, 110),
    description: post.metaDescription || post.excerpt,
    datePublished: new Date(post.publishedAt).toISOString(),
    dateModified: new Date(post.updatedAt).toISOString(),
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: "Boostly", url: origin || undefined },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    articleSection: post.category,
    ...(post.metaKeywords ? { keywords: post.metaKeywords } : {}),
    ...(image ? { image } : {}),
    articleBody: capText(markdownToPlainText(post.content), STRUCTURED_DATA_BODY_LIMIT),
  };
}
