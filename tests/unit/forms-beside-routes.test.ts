import { describe, expect, it } from "vitest";
import { codeOf, fromRoot, sourceFilesUnder } from "../support/source-files.ts";

/**
 * A form is read in one place per route, beside it (docs/decisions/036): the route, or its page controller beside
 * it, parses the form with the zod schema the owning area exports, calls one use case with typed input and answers
 * through refusalAnswer. So nothing under app/domain takes a submitted form (a record of its fields, FormData) or
 * builds a page's answer (imports refusalAnswer, whose home is app/domain/refusal-answer.server.ts).
 */
const MAPPER = "app/domain/refusal-answer.server.ts";

/** Each file and the lines of it that match. */
function offenders(files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    codeOf(file)
      .split("\n")
      .filter((line) => pattern.test(line))
      .map((line) => `${file}: ${line.trim()}`),
  );
}

const DOMAIN = sourceFilesUnder("app/domain")
  .map(fromRoot)
  .filter((file) => file !== MAPPER);

describe("forms are read beside their routes", () => {
  it("reads the domain's files", () => {
    expect(DOMAIN.length).toBeGreaterThan(200);
  });

  it("has no domain function that takes a submitted form", () => {
    expect(offenders(DOMAIN, /\bform\??\s*:\s*Record<string,\s*unknown>|\bFormData\b/)).toEqual([]);
  });

  it("builds no page answer in the domain: only routes import refusalAnswer", () => {
    expect(offenders(DOMAIN, /refusal-answer\.server/)).toEqual([]);
  });
});
