import { useState } from "react";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Input } from "../../components/ui/input.tsx";
import type { Notice } from "../../domain/orders/messages.ts";
import {
  DRIP_FEED_INTERVAL_MINUTES,
  DRIP_FEED_RUNS,
  type DripFeed,
  isValidInterval,
  isValidRuns,
  ORDER_TYPE_TEXT,
} from "../../domain/orders/order-types.ts";
import { parseCount } from "../../domain/orders/quantity-input.ts";
import { formatCount } from "../../lib/format-money.ts";

/** The drip-feed choice as typed: on or off, and the runs and interval's text. */
export type DripFeedInput = {
  on: boolean;
  runs: string;
  interval: string;
  set: (next: Partial<{ on: boolean; runs: string; interval: string }>) => void;
  /** The drip-feed to send: null when off, "invalid" while runs or the interval is not within its limits. */
  value: DripFeed | null | "invalid";
  /** Why the form cannot be sent as typed, or null. */
  notice: Notice | null;
};

/** The drip-feed fields' state (product rules 2.7): off by default; 10 runs every 60 minutes once ticked. */
export function useDripFeed(): DripFeedInput {
  const [state, setState] = useState({ on: false, runs: "10", interval: "60" });
  const runs = parseCount(state.runs) ?? Number.NaN;
  const intervalMinutes = parseCount(state.interval) ?? Number.NaN;
  const notice = !state.on
    ? null
    : !isValidRuns(runs)
      ? ORDER_TYPE_TEXT.badRuns
      : !isValidInterval(intervalMinutes)
        ? ORDER_TYPE_TEXT.badInterval
        : null;
  return {
    ...state,
    set: (next) => setState((current) => ({ ...current, ...next })),
    value: !state.on ? null : notice ? "invalid" : { runs, intervalMinutes },
    notice,
  };
}

/**
 * Drip-feed on a service that offers it (docs/decisions/021): the quantity is delivered `runs` times, one run
 * every interval, and runs x quantity is charged at once. The total quantity is shown as it is typed.
 */
export function DripFeedFields({ input, quantity }: { input: DripFeedInput; quantity: number | null }) {
  const runs = typeof input.value === "object" && input.value ? input.value.runs : null;
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
      <legend className="sr-only">Drip-feed</legend>
      <Checkbox
        label="Drip-feed"
        name="dripFeed"
        checked={input.on}
        onChange={(event) => input.set({ on: event.target.checked })}
        hint="Deliver the quantity several times, one run every interval, for steadier growth."
      />
      {input.on ? (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <Input
              label="Runs"
              name="runs"
              inputMode="numeric"
              value={input.runs}
              onChange={(event) => input.set({ runs: event.target.value })}
              hint={`${DRIP_FEED_RUNS.min} to ${DRIP_FEED_RUNS.max}`}
              error={input.notice === ORDER_TYPE_TEXT.badRuns ? input.notice.message : undefined}
              required
            />
            <Input
              label="Interval (minutes)"
              name="interval"
              inputMode="numeric"
              value={input.interval}
              onChange={(event) => input.set({ interval: event.target.value })}
              hint={`${DRIP_FEED_INTERVAL_MINUTES.min} to ${formatCount(DRIP_FEED_INTERVAL_MINUTES.max)} minutes`}
              error={input.notice === ORDER_TYPE_TEXT.badInterval ? input.notice.message : undefined}
              required
            />
          </div>
          <p className="text-sm text-slate-700" data-testid="drip-feed-total-quantity" aria-live="polite">
            Total quantity:{" "}
            {runs !== null && quantity !== null
              ? `${runs} runs × ${formatCount(quantity)} = ${formatCount(runs * quantity)}`
              : "—"}
          </p>
        </>
      ) : null}
    </fieldset>
  );
}
