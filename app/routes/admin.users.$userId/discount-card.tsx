import { useFetcher } from "react-router";
import { StaffOnly } from "../../components/admin/staff-only.tsx";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { DISCOUNT_MAX_TENTHS, discountPercentText } from "../../domain/pricing/discount.ts";

type Answer = ToastAnswer & { fieldErrors?: Record<string, string> };

/**
 * The customer's discount (product rules 15.27): a percent with at most one decimal off every order's charge, on
 * the storefront and the API; empty or 0 for none. Saved with an audit row.
 */
export function DiscountCard({ discountTenths }: { discountTenths: number }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors?.discount : undefined;
  const current = discountTenths === 0 ? "" : discountPercentText(discountTenths).replace("%", "");
  return (
    <Card className="mt-6" data-testid="discount">
      <CardHeader
        title="Discount"
        description={
          discountTenths === 0
            ? "None: the customer pays list prices."
            : `${discountPercentText(discountTenths)} off every order's charge, on the storefront and the API.`
        }
      />
      {/* Support reads the discount; those who manage users set it (product rules 15.38). */}
      <StaffOnly permission="users.manage">
        <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="set-discount" />
          <div className="w-full max-w-xs">
            <Input
              label="Discount (%)"
              name="discount"
              inputMode="decimal"
              placeholder="0"
              maxLength={6}
              defaultValue={current}
              hint={`0.1 to ${discountPercentText(DISCOUNT_MAX_TENTHS)}`}
              error={error}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : "Save discount"}
          </Button>
        </fetcher.Form>
      </StaffOnly>
    </Card>
  );
}
