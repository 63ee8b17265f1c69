import type { ReactNode } from "react";

/**
 * Light markdown for blog posts (admin spec, Blog): "#", "##", "###" headings, "- " bullets, "1. " numbered
 * items, **bold**, [text](url) links and paragraphs. Everything becomes React elements and text nodes, never
 * raw HTML, so markup written in a post ("<script>", "<img onerror=...>") shows up as the text it is
 * (product rules 7.7). Links keep only http(s) and site-relative ("/...") addresses; any other scheme
 * (javascript:, data:, vbscript:, ...) leaves just the link text.
 */

type Block =
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "bullets"; items: string[] }
  | { kind: "numbers"; start: number; items: string[] }
  | { kind: "paragraph"; text: string };

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})\.\s+(.*)$/;

/** Splits the text into blocks; consecutive plain lines form one paragraph. */
export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const rawLine of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = rawLine.trimEnd();
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line.trim());
    if (heading) {
      flush();
      blocks.push({
        kind: "heading",
        level: Math.min(3, Math.max(1, (heading[1] ?? "#").length)) as 1 | 2 | 3,
        text: (heading[2] ?? "").replace(/\s+#+\s*$/, ""),
      });
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      flush();
      const last = blocks.at(-1);
      if (last?.kind === "bullets") last.items.push(bullet[1] ?? "");
      else blocks.push({ kind: "bullets", items: [bullet[1] ?? ""] });
      continue;
    }
    const numbered = NUMBERED.exec(line);
    if (numbered) {
      flush();
      const last = blocks.at(-1);
      if (last?.kind === "numbers") last.items.push(numbered[2] ?? "");
      else blocks.push({ kind: "numbers", start: Number(numbered[1]), items: [numbered[2] ?? ""] });
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

export type SafeLink = { href: string; external: boolean };

/**
 * The address a link may point to: absolute http(s) URLs (external) and site-relative paths ("/blog/x");
 * null for everything else, including protocol-relative "//host" and "/\host" (browsers read both as another
 * host) and any scheme but http(s).
 */
export function safeHref(raw: string): SafeLink | null {
  const href = raw.trim();
  if (/^\/(?![/\\])/.test(href)) return /[\s\\]/.test(href) ? null : { href, external: false };
  if (!/^https?:\/\//i.test(href)) return null;
  try {
    const url = new URL(href);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return { href: url.href, external: true };
  } catch {
    return null;
  }
}

// **bold** or [text](url); the url stops at whitespace or ")".
const INLINE = /\*\*(.+?)\*\*|\[([^\]\n]+)\]\(([^)\s]*)\)/g;

/** Inline text with **bold** and links as React nodes; everything else stays text. */
export function renderInline(text: string, keyPrefix = "i"): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(INLINE)) {
    const start = match.index ?? 0;
    if (start > last) nodes.push(text.slice(last, start));
    const key = `${keyPrefix}-${index++}`;
    if (match[1] !== undefined) {
      nodes.push(<strong key={key}>{renderInline(match[1], key)}</strong>);
    } else {
      const label = match[2] ?? "";
      const link = safeHref(match[3] ?? "");
      if (!link) {
        nodes.push(<span key={key}>{renderInline(label, key)}</span>);
      } else if (link.external) {
        nodes.push(
          <a
            key={key}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium text-brand-700 underline hover:text-brand-800"
          >
            {renderInline(label, key)}
          </a>,
        );
      } else {
        nodes.push(
          <a key={key} href={link.href} className="font-medium text-brand-700 underline hover:text-brand-800">
            {renderInline(label, key)}
          </a>,
        );
      }
    }
    last = start + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

const HEADING_CLASS = {
  1: "mt-10 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl",
  2: "mt-10 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl",
  3: "mt-8 text-lg font-bold text-slate-900",
} as const;

/**
 * The blocks as React elements. The page's title is its only h1, so "#" and "##" become h2 and "###" h3.
 */
export function renderMarkdown(source: string): ReactNode[] {
  return parseBlocks(source).map((block, index) => {
    const key = `b-${index}`;
    switch (block.kind) {
      case "heading": {
        const content = renderInline(block.text, key);
        return block.level === 3 ? (
          <h3 key={key} className={HEADING_CLASS[3]}>
            {content}
          </h3>
        ) : (
          <h2 key={key} className={HEADING_CLASS[block.level]}>
            {content}
          </h2>
        );
      }
      case "bullets":
        return (
          <ul key={key} className="mt-4 list-disc space-y-2 pl-6">
            {block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items are static text in a fixed order.
              <li key={itemIndex}>{renderInline(item, `${key}-${itemIndex}`)}</li>
            ))}
          </ul>
        );
      case "numbers":
        return (
          <ol
            key={key}
            start={block.start === 1 ? undefined : block.start}
            className="mt-4 list-decimal space-y-2 pl-6"
          >
            {block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items are static text in a fixed order.
              <li key={itemIndex}>{renderInline(item, `${key}-${itemIndex}`)}</li>
            ))}
          </ol>
        );
      default:
        return (
          <p key={key} className="mt-4 leading-8">
            {renderInline(block.text, key)}
          </p>
        );
    }
  });
}

/** A post body rendered from light markdown. */
export function Markdown({ source, className = "" }: { source: string; className?: string }) {
  return <div className={`text-base text-slate-700 ${className}`}>{renderMarkdown(source)}</div>;
}

/** The text of light markdown without its markers (structured data, descriptions). */
export function markdownToPlainText(source: string): string {
  return parseBlocks(source)
    .map((block) => {
      const strip = (text: string): string => {
        const once = text.replace(INLINE, (_whole, bold?: string, label?: string) => bold ?? label ?? "");
        return once === text ? text : strip(once);
      };
      switch (block.kind) {
        case "bullets":
        case "numbers":
          return block.items.map(strip).join("\n");
        default:
          return strip(block.text);
      }
    })
    .join("\n\n");
}
