import { describe, expect, it } from "vitest";
import { mailRetryDelaySeconds } from "../../app/domain/mail/mail-back-off.ts";

/** The mail worker's waits between attempts (docs/decisions/012); the worker itself: mail-retries.test.ts. */
describe("mailRetryDelaySeconds", () => {
  it("doubles from the base and stops at the cap", () => {
    const policy = { retryBaseSeconds: 30, retryMaxSeconds: 3600 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempts) => mailRetryDelaySeconds(attempts, policy))).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });
});
