import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { createApiKey } from "../../../app/domain/reseller/api-keys.server.ts";
import { findLedgerMismatches } from "../../../app/domain/wallet/check-ledger.server.ts";
import { fundWallet } from "../../support/factories.ts";
import { appUrl, createAccount, Visitor } from "../../support/http.ts";

/**
 * The /api page's examples are the live catalogue's (docs/decisions/020): each request it shows, sent as shown with
 * a real key, places an order, and its services entry is what `services` answers now.
 */

/** The page's code samples in order, each with its caption, the HTML entities React writes decoded. */
async function samples(): Promise<[string, string][]> {
  const html = await (await new Visitor().request("/api")).text();
  const decode = (text: string) =>
    text
      .replaceAll("&quot;", '"')
      .replaceAll("&#x27;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  const found: [string, string][] = [];
  for (const [, caption, code] of html.matchAll(
    /<figcaption[^>]*>([\s\S]*?)<\/figcaption>\s*<pre[^>]*><code>([\s\S]*?)<\/code><\/pre>/g,
  ))
    found.push([decode(caption ?? "").replaceAll("<!-- -->", ""), decode(code ?? "")]);
  return found;
}

/** A curl sample's `-d name=value` fields. */
function curlFields(code: string): Record<string, string> {
  return Object.fromEntries(
    [...code.matchAll(/-d ([a-z_]+)=(\S*)/g)].map(([, name, value]) => [name ?? "", value ?? ""]),
  );
}

describe("the /api page's examples", () => {
  it("run as shown: every add example places an order, and the services entry is the API's own", async () => {
    const account = await createAccount();
    await fundWallet(account.id, 100_000);
    const created = await createApiKey(db(), { userId: account.id, name: "Examples" });
    if (!created.ok) throw new Error(created.message);
    const shown = await samples();
    const requests = shown.filter(
      ([caption, code]) => caption.startsWith("Request") && code.includes("-d action=add"),
    );
    // A plain order, a drip-feed one and a subscription: the seeded catalogue sells all three.
    expect(requests.map(([caption]) => caption.split(" (")[0])).toEqual([
      "Request: place an order",
      "Request: subscribe to a profile's next 10 posts",
      "Request: a drip-feed order",
    ]);
    for (const [caption, code] of requests) {
      const fields = { ...curlFields(code), key: created.key };
      const answer = await fetch(`${appUrl}/api/v2`, { method: "POST", body: new URLSearchParams(fields) });
      expect(await answer.json(), caption).toEqual({ order: expect.any(Number) });
    }

    const services = await fetch(`${appUrl}/api/v2`, {
      method: "POST",
      body: new URLSearchParams({ key: created.key, action: "services" }),
    });
    const listed = (await services.json()) as { service: number }[];
    const listing = shown.findIndex(([caption]) => caption === "Request: list services");
    const [entry] = JSON.parse(shown[listing + 1]?.[1] ?? "[]") as { service: number }[];
    expect(entry).toBeDefined();
    expect(listed).toContainEqual(entry);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });
});
