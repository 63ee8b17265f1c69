/**
 * JSON for an application/ld+json script. Every "<", ">" and "&" is written as a \u escape, so text such as
 * "</script>" or "<!--" inside a post cannot end the script element or open a comment; U+2028/U+2029 too.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Cuts text to at most `limit` characters without splitting a surrogate pair. */
export function capText(text: string, limit: number): string {
  const chars = Array.from(text);
  return chars.length <= limit ? text : chars.slice(0, limit).join("");
}
