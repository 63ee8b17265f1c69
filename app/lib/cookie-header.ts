/**
 * Reading a request's Cookie header: one parser for every cookie the app reads (the session, the flash toast, the
 * analytics visitor id) and for the render caches' cookie checks.
 */

/** The value of the first cookie called `name`, as sent (not decoded), or undefined when there is none. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const pair of header?.split(";") ?? []) {
    const separator = pair.indexOf("=");
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

/** The names of the cookies in a Cookie header, in order. */
export function cookieNames(header: string | null | undefined): string[] {
  return (header ?? "")
    .split(";")
    .filter((pair) => pair.trim())
    .map((pair) => pair.slice(0, Math.max(pair.indexOf("="), 0)).trim());
}
