import { Form } from "react-router";
import { formatDateTime } from "../../components/admin/format.ts";
import { PostButton } from "../../components/admin/providers/post-button.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";

/** An exchange rate as the page receives it (the date as ISO text). */
export type ExchangeRateView = { currency: string; usdPerUnit: string; source: string; updatedAt: string };

/**
 * What one unit of each provider currency is worth in dollars: every rate of a provider in that currency is
 * converted with it before pricing. The operator's own rates win over the configured source's (decision 040).
 */
export function ExchangeRates({
  rates,
  busy,
  errors = {},
}: {
  rates: ExchangeRateView[];
  busy: boolean;
  errors?: Record<string, string>;
}) {
  return (
    <div className="space-y-4">
      {rates.length === 0 ? (
        <p className="text-slate-600">No exchange rates yet: providers in dollars need none.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Exchange rates">
          {rates.map((rate) => (
            <li
              key={rate.currency}
              className="flex flex-wrap items-center justify-between gap-3 py-2"
              data-testid="exchange-rate"
            >
              <span>
                <span className="font-semibold">1 {rate.currency}</span> = $
                {Number(rate.usdPerUnit).toString()}
                <span className="text-xs text-slate-500">
                  {" "}
                  · {rate.source === "operator" ? "set by hand" : "from the configured source"} ·{" "}
                  {formatDateTime(rate.updatedAt)} UTC
                </span>
              </span>
              <PostButton
                fields={{ intent: "remove-rate", currency: rate.currency }}
                variant="ghost"
                className="px-2 py-1"
                disabled={busy}
                aria-label={`Remove the rate of ${rate.currency}`}
              >
                Remove
              </PostButton>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Set an exchange rate">
        <input type="hidden" name="intent" value="set-rate" />
        <Input
          label="Currency"
          name="currency"
          size="sm"
          required
          maxLength={3}
          placeholder="INR"
          error={errors.currency}
        />
        <Input
          label="Dollars per unit"
          name="usdPerUnit"
          size="sm"
          required
          inputMode="decimal"
          placeholder="0.012"
          error={errors.usdPerUnit}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          Save rate
        </Button>
      </Form>
    </div>
  );
}
