import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * What the structure tests read (tests/unit: layers, table ownership, one refusal, forms beside routes, component
 * placement, page queries): the repository's source files and their code without comments.
 */

/** The repository's root folder. */
export const repoRoot = path.resolve(import.meta.dirname, "../..");

/** Every .ts and .tsx file under `dir` (a path from the repository's root), as absolute paths. */
export function sourceFilesUnder(dir: string): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return walk(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  return walk(path.resolve(repoRoot, dir));
}

/** A file's path from the repository's root, as messages name it. */
export function fromRoot(file: string): string {
  return path.relative(repoRoot, file);
}

/**
 * A source text without its comments (a comment may quote a shape, name a module or say in words what the code
 * does): block comments anywhere, and line comments except where `//` follows a colon or a quote (a URL).
 */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** A source file's code, without its comments. */
export function codeOf(file: string): string {
  return withoutComments(readFileSync(path.resolve(repoRoot, file), "utf8"));
}
