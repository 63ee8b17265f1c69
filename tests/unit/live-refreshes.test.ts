import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { liveTopicsOf } from "../../app/lib/live/live-topics.ts";
import { LIVE_GATHER_MS, scheduleRefreshes } from "../../app/lib/live/refresh-scheduler.ts";

/** A refresh that ends when the test says so, counting how often it started. */
function controlledRefresh() {
  const ends: (() => void)[] = [];
  const refresh = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        ends.push(resolve);
      }),
  );
  return { refresh, endCurrent: () => ends.shift()?.() };
}

// What a page does with it in the browser: tests/e2e/live-updates.test.ts (product rules 12.5-12.7).
describe("live updates read a page's data once per burst (product rules 12.6)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers a burst of 20 updates with one read, after the burst", async () => {
    const { refresh, endCurrent } = controlledRefresh();
    const due = vi.fn();
    const scheduler = scheduleRefreshes(refresh, due);
    for (let n = 0; n < 20; n++) {
      scheduler.request();
      await vi.advanceTimersByTimeAsync(10);
    }
    // The first update waits for the rest of its burst.
    expect(refresh).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(LIVE_GATHER_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(due).toHaveBeenLastCalledWith(true);
    endCurrent();
    await vi.advanceTimersByTimeAsync(LIVE_GATHER_MS * 10);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(due).toHaveBeenLastCalledWith(false);
  });

  it("runs one read at a time: updates during a read make one more read after it, not one each", async () => {
    const { refresh, endCurrent } = controlledRefresh();
    const scheduler = scheduleRefreshes(refresh);
    scheduler.request();
    await vi.advanceTimersByTimeAsync(LIVE_GATHER_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    for (let n = 0; n < 5; n++) scheduler.request();
    await vi.advanceTimersByTimeAsync(LIVE_GATHER_MS * 10);
    expect(refresh).toHaveBeenCalledTimes(1);
    endCurrent();
    await vi.advanceTimersByTimeAsync(LIVE_GATHER_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    endCurrent();
    await vi.advanceTimersByTimeAsync(LIVE_GATHER_MS * 10);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("stops for good when the page unloads, a read not yet started included", async () => {
    const { refresh } = controlledRefresh();
    const due = vi.fn();
    const scheduler = scheduleRefreshes(refresh, due);
    scheduler.request();
    scheduler.stop();
    expect(due).toHaveBeenLastCalledWith(false);
    scheduler.request();
    await vi.advanceTimersByTimeAsync(LIVE_GATHER_MS * 10);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("a failed read does not stop the next", async () => {
    const refresh = vi.fn(() => Promise.reject(new Error("cut short by a navigation")));
    const scheduler = scheduleRefreshes(refresh);
    scheduler.request();
    await vi.advanceTimersByTimeAsync(LIVE_GATHER_MS);
    scheduler.request();
    await vi.advanceTimersByTimeAsync(LIVE_GATHER_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});

describe("the topics a page shows (product rules 12.5)", () => {
  it("joins the matched routes' handles, and a page that names none shows none", () => {
    expect([...liveTopicsOf([{ handle: undefined }, { handle: { pageQuery: ["tab"] } }])]).toEqual([]);
    expect(
      [
        ...liveTopicsOf([{ handle: { live: ["orders"] } }, { handle: { live: ["orders", "balance"] } }]),
      ].sort(),
    ).toEqual(["balance", "orders"]);
  });
});
