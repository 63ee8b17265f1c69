import { describe, expect, it } from "vitest";
import { statementQuery, statementSearch, statementWindow } from "../../app/domain/wallet/statement-query.ts";

// What the statement's address means (product rules 2.10); the page and CSV reading it:
// tests/integration/http/wallet-statement.test.ts.
describe("the statement's filters", () => {
  it.each([
    [
      { type: "refund", from: "2026-06-10", to: "2026-06-12", page: "3" },
      { type: "refund", from: "2026-06-10", to: "2026-06-12", page: 3 },
    ],
    [{ from: "2026-02-30", to: "2026-13-01" }, {}],
    [{ from: "2024-02-29", to: "2025-02-29" }, { from: "2024-02-29" }],
    [{ from: "10/06/2026", to: " 2026-06-12 ", type: "gift", page: "-1" }, { to: "2026-06-12" }],
  ])("reads %j as %j: anything that is not a filter is none", (query, expected) => {
    const read = statementQuery.parse(query);
    expect(Object.fromEntries(Object.entries(read).filter(([, value]) => value !== undefined))).toEqual(
      expected,
    );
  });

  it("covers whole UTC days, both included", () => {
    expect(statementWindow({ from: "2026-06-10", to: "2026-06-30" })).toEqual({
      start: new Date("2026-06-10T00:00:00Z"),
      end: new Date("2026-07-01T00:00:00Z"),
    });
    expect(statementWindow({})).toEqual({ start: undefined, end: undefined });
  });

  it("keeps the filters in the page links, the first page without a number", () => {
    expect(statementSearch({ type: "bonus", from: "2026-06-10" }, 2)).toBe(
      "?type=bonus&from=2026-06-10&page=2",
    );
    expect(statementSearch({ type: "bonus" }, 1)).toBe("?type=bonus");
    expect(statementSearch({})).toBe("");
  });
});
