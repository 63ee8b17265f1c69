/** The buttons of a mail we sent (its <a> elements), for showing them as real links in the dev mailbox. */
export function extractMailLinks(html: string): { label: string; href: string }[] {
  const links: { label: string; href: string }[] = [];
  for (const match of html.matchAll(/<a\s[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/gi)) {
    const href = decodeEntities(match[1] ?? "");
    const label = decodeEntities(match[2] ?? "").trim();
    if (/^https?:\/\//i.test(href) && label) links.push({ label, href });
  }
  return links;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"');
}

/** Splits plain text into text and http(s) links, so a page can render the links clickable without HTML. */
export function splitLinks(text: string): { offset: number; text: string; href?: string }[] {
  const parts: { offset: number; text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ offset: last, text: text.slice(last, start) });
    parts.push({ offset: start, text: match[0], href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ offset: last, text: text.slice(last) });
  return parts;
}
