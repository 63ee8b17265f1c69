import { describe, expect, it } from "vitest";
import { API_CHANGES } from "../../../app/domain/reseller/api-changes.ts";
import { API_TEXT } from "../../../app/domain/reseller/api-text.ts";
import { Visitor, visibleText } from "../../support/http.ts";

/**
 * The /api page keeps the API's change log for resellers (product rules 17.6, docs/decisions/062): every entry of
 * app/domain/reseller/api-changes.ts as a visitor reads it, newest first, the integer service ids among them.
 */

/** Each change on the page as its visible text, HTML entities decoded. */
async function changesOnPage(): Promise<string[]> {
  const response = await new Visitor().request("/api");
  expect(response.status).toBe(200);
  const html = await response.text();
  return [...html.matchAll(/<li data-testid="api-change"[^>]*>([\s\S]*?)<\/li>/g)].map(([, item]) =>
    visibleText(item ?? "")
      .replaceAll("&quot;", '"')
      .replaceAll("&#x27;", "'")
      .replaceAll("&amp;", "&")
      .trim(),
  );
}

describe("the /api page's change log", () => {
  it("shows every change with its date, release, what changed and what to do, newest first", async () => {
    const shown = await changesOnPage();
    expect(shown).toHaveLength(API_CHANGES.length);
    API_CHANGES.forEach((change, index) => {
      for (const part of [change.date, change.release, change.title, change.changed, change.todo])
        expect(shown[index], change.title).toContain(part);
    });
    const dates = API_CHANGES.map((change) => change.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("tells integrations that stored the old UUID service ids what to do since ids became integers", async () => {
    // Written out on purpose (docs/decisions/020, drizzle/0006_api_v2_ids.sql): the day, the migration, the refusal
    // a stored UUID now gets, and the way back (services, matched by name).
    const integerIds = (await changesOnPage()).find((text) => text.includes("Integer service ids"));
    expect(integerIds).toBeDefined();
    for (const part of [
      "2026-11-25",
      "migration 0006",
      "UUID",
      `"${API_TEXT.incorrectServiceId}"`,
      "Call action=services once, match each service you stored by its name",
    ])
      expect(integerIds).toContain(part);
  });
});
