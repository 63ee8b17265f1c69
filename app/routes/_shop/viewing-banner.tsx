import { buttonClass } from "../../components/ui/button.tsx";
import { VIEW_AS_TEXT } from "../../domain/accounts/view-as-text.ts";

export type ViewingBannerData = { email: string; expiresAt: string };

/**
 * The banner on every storefront page while a staff member views the shop as a customer (product rules 15.32):
 * whose pages these are, that nothing can be changed, and the way back, which ends the view.
 */
export function ViewingBanner({ viewing }: { viewing: ViewingBannerData }) {
  const ends = new Date(viewing.expiresAt).toISOString().slice(11, 16);
  return (
    <div
      role="status"
      data-testid="viewing-banner"
      className="border-b border-violet-300 bg-violet-700 text-white"
    >
      <form
        method="post"
        action="/admin/view-as"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6 lg:px-8"
      >
        <p className="min-w-0 font-medium [overflow-wrap:anywhere]">
          {VIEW_AS_TEXT.banner(viewing.email)}{" "}
          <span className="opacity-80">{VIEW_AS_TEXT.bannerEnds(ends)}</span>
        </p>
        <input type="hidden" name="intent" value="end" />
        <button type="submit" className={buttonClass("secondary", "py-1.5")}>
          {VIEW_AS_TEXT.returnToAdmin}
        </button>
      </form>
    </div>
  );
}
