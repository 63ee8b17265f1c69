import { describe, expect, it } from "vitest";
import { codeOf, fromRoot, sourceFilesUnder } from "../support/source-files.ts";

/**
 * One refusal vocabulary (docs/decisions/017, 033), read from the source of app/ and server/ (comments left out):
 *
 * - one type for a refusal: no type or interface named `Refusal`, or named so that it ends in `Refusal` (an
 *   area's own dialect such as `ContentRefusal = Refusal & {...}`), is declared anywhere but app/domain/refusal.ts;
 *   what an area needs besides the shared fields is an optional member of that one type;
 * - one constructor: no function or binding named `refuse` is declared anywhere but app/domain/refusal.ts;
 * - no look-alike: outside app/routes, `ok: false` is written only in app/domain/refusal.ts. A result of an area
 *   that fails is a Refusal, built by refuse(); a result of another nature (the ledger's, a provider's answer, a
 *   webhook's verification) names its failure in its own words (`posted`, `reported`, `verified`), so nothing
 *   looks like a second vocabulary. The routes are left out: a page's action data is the page's own answer to its
 *   component, built from refusalAnswer's message, title and field (app/domain/refusal-answer.server.ts).
 */
const HOME = "app/domain/refusal.ts";

/** Each file (but the vocabulary's own) and the lines of it that match. */
function offenders(files: readonly string[], pattern: RegExp): string[] {
  return files
    .filter((file) => file !== HOME)
    .flatMap((file) =>
      codeOf(file)
        .split("\n")
        .filter((line) => pattern.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
}

const SOURCES = [...sourceFilesUnder("app").map(fromRoot), ...sourceFilesUnder("server").map(fromRoot)];

// `type Refusal =`, `interface ContentRefusal {`, and a name given in an import or export list
// (`Refusal as OrderRefusal,`, `export { X as Refusal }`); a cast (`value as Refusal;`) is not one.
const REFUSAL_TYPE = /\b(?:type|interface)\s+\w*Refusal\s*(?:<[^>]*>)?\s*[={]|\bas\s+\w*Refusal\s*(?:,|\}|$)/;
// `function refuse(`, `const refuse =`, `refuse: (`, `export { x as refuse }`.
const REFUSE_FUNCTION =
  /\bfunction\s+refuse\s*[<(]|\b(?:const|let|var)\s+refuse\s*[=:]|\brefuse\s*:\s*(?:async\b|function\b|\()|\bas\s+refuse\b/;
const OK_FALSE = /\bok\s*:\s*false\b/;

describe("one refusal vocabulary", () => {
  it("reads the sources it checks, the vocabulary's own among them", () => {
    expect(SOURCES).toContain(HOME);
    expect(SOURCES.length).toBeGreaterThan(300);
    const home = codeOf(HOME);
    expect(home).toMatch(/export type Refusal = \{/);
    expect(home).toMatch(/export function refuse\(/);
  });

  it("has one Refusal type: no other type or interface is called Refusal or ends in it", () => {
    expect(offenders(SOURCES, REFUSAL_TYPE)).toEqual([]);
  });

  it("has one refuse(): no other function or binding of that name", () => {
    expect(offenders(SOURCES, REFUSE_FUNCTION)).toEqual([]);
  });

  it("writes `ok: false` outside the routes only in the vocabulary itself", () => {
    const outsideRoutes = SOURCES.filter((file) => !file.startsWith("app/routes/"));
    expect(outsideRoutes.length).toBeGreaterThan(200);
    expect(offenders(outsideRoutes, OK_FALSE)).toEqual([]);
  });

  it("catches what it is meant to catch", () => {
    for (const line of [
      "export type Refusal = Shop & { reason: string };",
      "type ContentRefusal = Refusal & { fieldErrors: Record<string, string> };",
      "export interface ApiKeyRefusal {",
      "import type { Refusal as OrderRefusal } from './refusal.ts';",
    ])
      expect(REFUSAL_TYPE.test(line), line).toBe(true);
    for (const line of [
      "import { type Refusal, refuse } from '../refusal.ts';",
      "export type RefusalKind =",
      "export type RefusalAnswer = {",
      "export type OrderRefused = { notice: Notice };",
      "function refuseOutsideLimits(quantity: number): Refusal | null {",
    ])
      expect(REFUSAL_TYPE.test(line), line).toBe(false);
    for (const line of [
      "export function refuse(reason: RefusalReason, notice: Notice) {",
      "const refuse = (error: string, code = 'invalid') => ({ error, code });",
      "export { refuseChange as refuse };",
    ])
      expect(REFUSE_FUNCTION.test(line), line).toBe(true);
    for (const line of ["return refuse('invalid', text);", "function refuseQuantity(quantity: number) {"])
      expect(REFUSE_FUNCTION.test(line), line).toBe(false);
    expect(OK_FALSE.test("return { ok: false, error: 'insufficient_funds' };")).toBe(true);
    expect(OK_FALSE.test("| { ok: false; reason: 'invalid_key' }")).toBe(true);
    expect(OK_FALSE.test("return { posted: false, balanceCents };")).toBe(false);
  });
});
