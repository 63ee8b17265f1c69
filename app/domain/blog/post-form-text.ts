/**
 * The longest text each blog post form field takes. The schema refuses longer and the form stops typing there
 * (maxLength); both read these, so the two never disagree. No zod here: the form's bundle imports this file.
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

/**
 * The admin spec's texts for the Blog tab (admin spec sections 2 and 8), verbatim where the spec gives them; the
 * rest say plainly what happened.
 */
export const POST_TEXT = {
  postsLoadFailed: "Failed to load blog posts",
  postSaveFailed: "Failed to save blog post",
  postDeleteFailed: "Failed to delete blog post",
  postStatusFailed: "Failed to update blog post status",
  postCreated: "Blog post created successfully",
  postUpdated: "Blog post updated successfully",
  postDeleted: "Blog post deleted successfully",
  postPublished: "Blog post published",
  postUnpublished: "Blog post unpublished",
  noPosts: "No blog posts yet",
  postNotFound: "This blog post no longer exists.",
  titleRequired: `Enter a title (at most ${BLOG_POST_MAX.title} characters).`,
  slugTaken: "A post with this slug already exists; choose another title or slug.",
  badSlug: "Use lower-case letters, digits and hyphens only.",
  badImage: "Enter an https:// address or a path starting with /.",
} as const;
