const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** "March 4, 2026" (UTC, so the server and the browser print the same day). */
export function formatPostDate(date: Date | string): string {
  return dateFormat.format(new Date(date));
}

/** The machine-readable date of a <time> element. */
export function isoDate(date: Date | string): string {
  return new Date(date).toISOString();
}
