/**
 * A navigation that a newer one (or a revalidation) cut short rejects with an AbortError: the newer one wins,
 * which is what the customer asked for, so it is not an error to report.
 */
export function goQuietly(navigation: Promise<void> | void): void {
  Promise.resolve(navigation).catch((error: unknown) => {
    if (!(error instanceof DOMException && error.name === "AbortError")) throw error;
  });
}
