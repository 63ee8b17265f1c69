import type { BlogCategory } from "../../domain/blog/posts.ts";

/** Badge colours per category (admin spec, Blog); text and background keep a 4.5:1 contrast. */
const BADGE_CLASSES: Record<BlogCategory, string> = {
  Instagram: "bg-pink-100 text-pink-800",
  YouTube: "bg-red-100 text-red-800",
  TikTok: "bg-slate-900 text-white",
  Spotify: "bg-green-100 text-green-800",
  Branding: "bg-purple-100 text-purple-800",
  Trends: "bg-amber-100 text-amber-900",
};

export function CategoryBadge({ category }: { category: BlogCategory }) {
  return (
    <span
      data-testid="category-badge"
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        BADGE_CLASSES[category] ?? "bg-slate-100 text-slate-800"
      }`}
    >
      {category}
    </span>
  );
}
