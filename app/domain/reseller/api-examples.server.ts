import type { Executor } from "../../db/client.server.ts";
import { listAutoServices } from "../catalog/list-auto-services.server.ts";
import { listQuickOrderServices } from "../catalog/list-quick-order-services.server.ts";
import { DRIP_FEED_INTERVAL_MINUTES, DRIP_FEED_RUNS } from "../orders/order-types.ts";
import { type ApiService, listApiServices } from "./api-services.server.ts";

/** An `add` the /api page shows, as the fields a client sends: every one a live service accepts now. */
export type ApiAddExample = Record<string, string>;

/** The /api page's examples, from the live catalogue (docs/decisions/020). */
export type ApiExamples = {
  /** One entry of `services`, as the API lists it now. */
  service: ApiService | null;
  order: ApiAddExample | null;
  dripFeed: ApiAddExample | null;
  subscription: ApiAddExample | null;
};

const POST = "https://www.instagram.com/p/AbC123/";
const PROFILE = "https://www.instagram.com/yourbrand/";

/** A link the service takes: an Instagram post or profile, else an address on its platform's first host. */
function exampleLink(service: { platform: string; targetKind: string; linkHosts: readonly string[] }) {
  if (service.platform === "instagram") return service.targetKind === "post" ? POST : PROFILE;
  return `https://${service.linkHosts[0] ?? "example.com"}/yourbrand`;
}

/**
 * The examples of the /api page built from what `services` lists now, so each one, sent with a real key, places
 * an order (tests/integration/http/api-page-examples.test.ts runs them): a Default service at its minimum, a
 * drip-feed one of two runs where a service allows it, and a subscription where one is sold. Instagram services
 * come first, since their example links are the ones a reader knows.
 */
export async function readApiExamples(db: Executor): Promise<ApiExamples> {
  const [listed, oneTime, auto] = await Promise.all([
    listApiServices(db),
    listQuickOrderServices(db),
    listAutoServices(db),
  ]);
  const byApiId = new Map<number, { platform: string; targetKind: string; linkHosts: readonly string[] }>([
    ...oneTime.all.map((service) => [service.apiId, service] as const),
    ...auto.map((service) => [service.apiId, { ...service, targetKind: "profile" }] as const),
  ]);
  const instagramFirst = (entries: ApiService[]) =>
    [...entries].sort(
      (a, b) =>
        Number(byApiId.get(b.service)?.platform === "instagram") -
          Number(byApiId.get(a.service)?.platform === "instagram") || a.service - b.service,
    );
  const plain = instagramFirst(
    listed.filter((entry) => entry.type === "Default" && byApiId.has(entry.service)),
  );
  const service = plain[0] ?? null;
  const drip = plain.find((entry) => entry.dripfeed) ?? null;
  const subscriptions = listed.filter((entry) => entry.type === "Subscriptions");
  const subscription =
    subscriptions.find((entry) => byApiId.get(entry.service)?.platform === "instagram") ??
    subscriptions[0] ??
    null;
  const add = (entry: ApiService): ApiAddExample => {
    const facts = byApiId.get(entry.service);
    return {
      action: "add",
      service: String(entry.service),
      link: facts ? exampleLink(facts) : POST,
      quantity: entry.min,
    };
  };
  return {
    service,
    order: service ? add(service) : null,
    dripFeed: drip
      ? {
          ...add(drip),
          runs: String(DRIP_FEED_RUNS.min + 1),
          interval: String(DRIP_FEED_INTERVAL_MINUTES.min * 60),
        }
      : null,
    subscription: subscription
      ? {
          action: "add",
          service: String(subscription.service),
          username: byApiId.get(subscription.service)?.platform === "instagram" ? PROFILE : "yourbrand",
          min: subscription.min,
          max: subscription.min,
          posts: "10",
          delay: "0",
        }
      : null,
  };
}
