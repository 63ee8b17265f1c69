import { Transform } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Rewrites the document's module preloads (React Router's <Scripts>) to `fetchpriority="low"`: the page is complete
 * and styled without its JavaScript, which only hydrates it, so the document's own bytes come first
 * (decisions/031-inline-stylesheet.md). Works on latin1 text, which maps bytes one to one, so UTF-8 split between
 * chunks passes through unchanged; a tag split between chunks is held back until the next chunk.
 */
export function lowPriorityModulePreloads(): Transform {
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = (held + chunk.toString("latin1")).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
      const lastTag = text.lastIndexOf("<");
      const tail = lastTag === -1 ? "" : text.slice(lastTag);
      held = tail.length < PRELOAD.length && PRELOAD.startsWith(tail) ? tail : "";
      callback(null, Buffer.from(held ? text.slice(0, lastTag) : text, "latin1"));
    },
    flush(callback) {
      callback(null, held ? Buffer.from(held, "latin1") : null);
    },
  });
}
