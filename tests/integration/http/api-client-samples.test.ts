import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { createApiKey } from "../../../app/domain/reseller/api-keys.server.ts";
import { CLIENT_LANGUAGES, nodeClientClass } from "../../../app/routes/_shop.api/client-samples.ts";
import { fundWallet, serviceBySlug } from "../../support/factories.ts";
import { appUrl, createAccount } from "../../support/http.ts";

/**
 * The /api page's sample clients: shown for this site's endpoint in every language, and the Node client, the one
 * this machine can run, works as printed against the live API (a reseller pasting it gets orders, not errors).
 */
const ENDPOINT = `${appUrl}/api/v2`;

type Client = {
  services(): Promise<{ service: number; name: string; type: string }[]>;
  add(order: Record<string, string | number>): Promise<{ order?: number; error?: string }>;
  status(order: number): Promise<Record<string, string>>;
  multiStatus(orders: number[]): Promise<Record<string, Record<string, string>>>;
  cancel(orders: number[]): Promise<{ order: number; cancel: number | { error: string } }[]>;
  refill(order: number): Promise<Record<string, unknown>>;
  refillStatus(refill: number): Promise<Record<string, unknown>>;
  balance(): Promise<{ balance: string; currency: string }>;
};

function loadNodeClient(key: string): Client {
  const BoostlyApi = new Function(`${nodeClientClass()}\nreturn BoostlyApi;`)() as new (
    endpoint: string,
    key: string,
  ) => Client;
  return new BoostlyApi(ENDPOINT, key);
}

describe("the /api page's sample clients", () => {
  it("shows a client in curl, PHP, Python and Node.js for this site's endpoint", async () => {
    const html = await (await fetch(`${appUrl}/api`)).text();
    for (const language of CLIENT_LANGUAGES) {
      expect(html).toContain(`data-language="${language.id}"`);
      expect(html).toContain(`>${language.label}</summary>`);
    }
    // Each sample names this site's endpoint (HTML-escaped in the page as in any text).
    const endpointMentions = html.split(ENDPOINT).length - 1;
    expect(endpointMentions).toBeGreaterThanOrEqual(CLIENT_LANGUAGES.length);
  });

  it("the Node.js client, as printed, lists services, orders, reads status, cancels and reads the balance", async () => {
    const account = await createAccount();
    await fundWallet(account.id, 5_000);
    const created = await createApiKey(db(), { userId: account.id, name: "Sample client" });
    if (!created.ok) throw new Error(created.message);
    const api = loadNodeClient(created.key);

    const services = await api.services();
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((service) => Number.isInteger(service.service))).toBe(true);

    const likes = await serviceBySlug("instagram-likes");
    const placed = await api.add({
      service: likes.apiId,
      link: "https://www.instagram.com/p/SampleClient1/",
      quantity: 150,
    });
    expect(placed.error).toBeUndefined();
    expect(Number.isInteger(placed.order)).toBe(true);
    const order = placed.order as number;

    const status = await api.status(order);
    expect(status).toMatchObject({
      currency: "USD",
      remains: expect.any(String),
      charge: expect.any(String),
    });
    expect(["Pending", "In progress", "Processing", "Completed", "Partial", "Canceled"]).toContain(
      status.status,
    );

    const many = await api.multiStatus([order, 999_999_999]);
    expect(many[String(order)]?.status).toBe(status.status);
    expect(many["999999999"]).toEqual(expect.objectContaining({ error: "Incorrect order ID" }));

    const cancelled = await api.cancel([order]);
    expect(cancelled).toEqual([expect.objectContaining({ order })]);

    const refill = await api.refill(order);
    expect(refill).toEqual(expect.objectContaining({ error: expect.any(String) }));

    const wallet = await api.balance();
    expect(wallet.currency).toBe("USD");
    expect(wallet.balance).toMatch(/^\d+\.\d{2,}$/);

    const refused = await loadNodeClient("not-a-key").balance();
    expect(refused).toEqual(expect.objectContaining({ error: "Invalid API key" }));
  });
});
