import type { Notice } from "../../domain/notice.ts";
import { correctCountsForm, correctOrderCounts } from "../../domain/orders/correct-order-counts.server.ts";
import { OVERRIDE_TEXT } from "../../domain/orders/order-override-text.ts";
import {
  type OverridePlan,
  overrideConfirmForm,
  overrideOrderStatus,
  overridePreviewForm,
  previewOrderOverride,
} from "../../domain/orders/override-order-status.server.ts";
import { goodwillRefundForm, refundGoodwill } from "../../domain/orders/refund-goodwill.server.ts";
import { type Refusal, refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";
import { changeOrderStatusFromForm } from "../shared/order-status-form.server.ts";

/** Every form an order's admin page takes (the lists' override dialog posts its two steps here too). */
export const ORDER_PAGE_FORMS = [
  overridePreviewForm,
  overrideConfirmForm,
  correctCountsForm,
  goodwillRefundForm,
] as const;

/** What the page's forms get back: a toast (and a field's message), or an override's preview to confirm. */
export type OrderPageAnswer = {
  ok: boolean;
  notice?: Notice;
  fieldErrors?: Record<string, string>;
  preview?: OverridePlan;
};

const invalid = (title: string) =>
  refuse("invalid", { title, message: "This form could not be read; reload the page." });

/**
 * An order's admin page's forms (product rules 14.1-14.9): the override's preview and confirmation, the start
 * count and remains correction, the goodwill refund, and the lists' status form; each parsed with its area's
 * schema and answered with its toast.
 */
export async function answerOrderPageForm(
  db: Database,
  input: { adminId: string; form: Record<string, string> },
): Promise<OrderPageAnswer> {
  const { adminId, form } = input;
  switch (form.intent) {
    case "preview-override": {
      const parsed = overridePreviewForm.safeParse(form);
      if (!parsed.success) return refused(invalid(OVERRIDE_TEXT.refused), OVERRIDE_TEXT.refused);
      const preview = await previewOrderOverride(db, parsed.data);
      return preview.ok ? { ok: true, preview: preview.plan } : refused(preview, OVERRIDE_TEXT.refused);
    }
    case "override-status": {
      const parsed = overrideConfirmForm.safeParse(form);
      if (!parsed.success) return refused(invalid(OVERRIDE_TEXT.refused), OVERRIDE_TEXT.refused);
      const done = await overrideOrderStatus(db, { ...parsed.data, adminId });
      return done.ok ? { ok: true, notice: done.notice } : refused(done, OVERRIDE_TEXT.refused);
    }
    case "correct-counts": {
      const parsed = correctCountsForm.safeParse(form);
      if (!parsed.success) return refused(invalid(OVERRIDE_TEXT.countsRefused), OVERRIDE_TEXT.countsRefused);
      const done = await correctOrderCounts(db, { ...parsed.data, adminId });
      return done.ok ? { ok: true, notice: done.notice } : refused(done, OVERRIDE_TEXT.countsRefused);
    }
    case "goodwill-refund": {
      const parsed = goodwillRefundForm.safeParse(form);
      if (!parsed.success)
        return refused(invalid(OVERRIDE_TEXT.goodwillRefused), OVERRIDE_TEXT.goodwillRefused);
      const done = await refundGoodwill(db, { ...parsed.data, adminId });
      return done.ok ? { ok: true, notice: done.notice } : refused(done, OVERRIDE_TEXT.goodwillRefused);
    }
    default:
      return changeOrderStatusFromForm(db, { adminId, form });
  }
}

/** A refusal as the page shows it: its own title when it has one, else the form's "Failed to ..." title. */
function refused(refusal: Refusal, title: string): OrderPageAnswer {
  return refusalAnswer({ ...refusal, title: refusal.title ?? title }).body;
}
