import type { SummaryLine } from "../../components/order/order-summary.tsx";
import { Select } from "../../components/ui/select.tsx";
import { formatPackName } from "../../domain/catalog/product-name.ts";
import {
  type LikesPackPrices,
  PACK_COMMENT_OPTIONS,
  type PackCommentCount,
  type PackLine,
} from "../../domain/pricing/likes-pack.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";

export type LikesPackView = LikesPackPrices & { name: string };

/** A comments choice exactly as the dropdown writes it ("0", "10", ... "50"), else null. */
export function readCommentCount(value: string): PackCommentCount | null {
  return PACK_COMMENT_OPTIONS.find((count) => String(count) === value) ?? null;
}

/** Reads a comments choice (dropdown value or saved intent); anything else is no comments. */
export function parseCommentCount(value: string | null | undefined): PackCommentCount {
  return readCommentCount(value ?? "") ?? 0;
}

/** The price breakdown's lines in the shop's words, from the priced pack's lines. */
export function packSummaryLines(pack: LikesPackView, lines: PackLine[]): SummaryLine[] {
  return lines.map((line) => {
    const label = line.service_type.endsWith("_pack")
      ? `${formatPackName(pack.name)} pack: ${formatCount(line.quantity)} likes`
      : line.service_type.startsWith("instagram_likes_extra")
        ? `Extra likes: +${formatCount(line.quantity)}`
        : line.service_type === "instagram_views"
          ? `Extra views: +${formatCount(line.quantity)}`
          : `Comments: ${formatCount(line.quantity)}`;
    return { label, cents: line.total_cents, testId: `line-${line.service_type}` };
  });
}

const checkboxCard =
  "flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600";

/** The pack's add-ons: extra likes, extra views (checkboxes) and comments (a select). */
export function PackAddOns({
  pack,
  extraLikesCents,
  extraViewsCents,
  commentCents,
  extraLikes,
  extraViews,
  comments,
  onExtraLikes,
  onExtraViews,
  onComments,
}: {
  pack: LikesPackView;
  extraLikesCents: number | null;
  extraViewsCents: number | null;
  commentCents: (count: number) => number | null;
  extraLikes: boolean;
  extraViews: boolean;
  comments: PackCommentCount;
  onExtraLikes: (checked: boolean) => void;
  onExtraViews: (checked: boolean) => void;
  onComments: (count: PackCommentCount) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Add-ons</legend>
      <label className={checkboxCard}>
        <input
          type="checkbox"
          name="extraLikes"
          value="on"
          checked={extraLikes}
          onChange={(event) => onExtraLikes(event.target.checked)}
          className="h-4 w-4 accent-brand-600 focus:outline-none"
        />
        <span className="flex-1 text-sm font-medium text-slate-900">
          +{formatCount(pack.extraLikes)} likes
        </span>
        {extraLikesCents !== null ? (
          <span className="text-sm text-slate-600">{formatCents(extraLikesCents)}</span>
        ) : null}
      </label>
      <label className={checkboxCard}>
        <input
          type="checkbox"
          name="extraViews"
          value="on"
          checked={extraViews}
          disabled={extraViewsCents === null}
          onChange={(event) => onExtraViews(event.target.checked)}
          className="h-4 w-4 accent-brand-600 focus:outline-none"
        />
        <span className="flex-1 text-sm font-medium text-slate-900">
          +{formatCount(pack.extraViews)} views
        </span>
        {extraViewsCents !== null ? (
          <span className="text-sm text-slate-600">{formatCents(extraViewsCents)}</span>
        ) : null}
      </label>
      <Select
        label="Comments"
        id="comments"
        name="comments"
        value={comments}
        onChange={(event) => onComments(parseCommentCount(event.target.value))}
        fieldClassName="pt-2"
      >
        {PACK_COMMENT_OPTIONS.map((count) => {
          const price = count > 0 ? commentCents(count) : null;
          if (count > 0 && price === null) return null;
          return (
            <option key={count} value={count}>
              {count === 0 ? "No comments" : `${count} comments (${formatCents(price ?? 0)})`}
            </option>
          );
        })}
      </Select>
    </fieldset>
  );
}
