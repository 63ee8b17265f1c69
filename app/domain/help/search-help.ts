import { z } from "zod";
import { type HelpArticle, type HelpTopic, helpTopics } from "../../content/help-articles.ts";

/** The help search box's query (GET /help?q=...): trimmed, at most 100 characters. */
export const helpQuerySchema = z
  .string()
  .trim()
  .max(100, "Please use a shorter search (at most 100 characters).");

export type HelpSearchHit = {
  topic: Pick<HelpTopic, "slug" | "title">;
  article: Pick<HelpArticle, "id" | "title">;
  /** Text around the first match in the body (or the body's start when only the title matched). */
  snippet: string;
};

const SNIPPET_LENGTH = 180;

function terms(query: string): string[] {
  return [
    ...new Set(
      query
        .toLowerCase()
        .split(/[^\p{L}\p{N}$%-]+/u)
        .filter((term) => term.length >= 2),
    ),
  ];
}

function snippetAround(text: string, index: number): string {
  if (text.length <= SNIPPET_LENGTH) return text;
  const start = Math.max(0, Math.min(index - 60, text.length - SNIPPET_LENGTH));
  const wordStart = start === 0 ? 0 : text.indexOf(" ", start) + 1;
  const end = Math.min(text.length, wordStart + SNIPPET_LENGTH);
  const wordEnd = end === text.length ? end : text.lastIndexOf(" ", end);
  return `${wordStart > 0 ? "…" : ""}${text.slice(wordStart, wordEnd)}${wordEnd < text.length ? "…" : ""}`;
}

/**
 * Searches the help articles' titles and bodies: an article matches when every word of the query appears in
 * its title or body (case-insensitive). Title matches rank first; the order of the help centre breaks ties.
 */
export function searchHelp(query: string, topics: readonly HelpTopic[] = helpTopics): HelpSearchHit[] {
  const wanted = terms(query);
  if (wanted.length === 0) return [];
  const hits: (HelpSearchHit & { score: number; order: number })[] = [];
  let order = 0;
  for (const topic of topics) {
    for (const article of topic.articles) {
      order += 1;
      const title = article.title.toLowerCase();
      const body = article.body.join(" ");
      const lowerBody = body.toLowerCase();
      if (!wanted.every((term) => title.includes(term) || lowerBody.includes(term))) continue;
      const score = wanted.filter((term) => title.includes(term)).length;
      const bodyIndexes = wanted.map((term) => lowerBody.indexOf(term)).filter((index) => index >= 0);
      const first = bodyIndexes.length ? Math.min(...bodyIndexes) : 0;
      hits.push({
        topic: { slug: topic.slug, title: topic.title },
        article: { id: article.id, title: article.title },
        snippet: snippetAround(body, first),
        score,
        order,
      });
    }
  }
  return hits
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ topic, article, snippet }) => ({ topic, article, snippet }));
}
