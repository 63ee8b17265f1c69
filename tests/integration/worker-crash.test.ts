import "../support/worker-database.ts";
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { fulfilments, providerServices, providers, simulatedProviderOrders } from "../../app/db/schema.ts";
import { apiKeyHint, encryptApiKey } from "../../app/domain/fulfilment/api-key-cipher.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { SLOW_WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { createUser, serviceBySlug } from "../support/factories.ts";
import { startFakePanel } from "../support/fake-panel.ts";
import { resetDatabase } from "../support/worker-database.ts";

const root = path.resolve(import.meta.dirname, "../..");
const running = new Set<ChildProcess>();

/** `npm run worker` as its own process on this test's database, with extra settings. */
function startWorker(extra: Record<string, string> = {}) {
  let output = "";
  const child = spawn(process.execPath, [path.join(root, "server/worker.ts")], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: "test",
      DATABASE_URL: process.env.DATABASE_URL,
      AUTH_SECRET: process.env.AUTH_SECRET,
      SIMULATED_PROVIDER: "off",
      FULFILMENT_TICK_SECONDS: "0.5",
      FULFILMENT_LEASE_SECONDS: "1",
      FULFILMENT_POLL_SECONDS: "3600",
      PROVIDER_SYNC_MINUTES: "0",
      ...extra,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, exited, output: () => output };
}

/** Reads until `done`; a worker process starts within the wait, so it waits SLOW_WAIT_TIMEOUT_MS. */
async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  output = () => "",
) {
  const deadline = Date.now() + SLOW_WAIT_TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${SLOW_WAIT_TIMEOUT_MS} ms waiting for ${what}:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeEach(async () => {
  await resetDatabase();
  await db().execute(
    sql`truncate table fulfilments, provider_services, providers, simulated_provider_orders cascade`,
  );
});

afterEach(async () => {
  const stopping = [...running].map((child) => new Promise((resolve) => child.once("exit", resolve)));
  for (const child of running) child.kill("SIGTERM");
  await Promise.all(stopping);
});

async function mapLikesTo(provider: { apiUrl: string; isSimulated: boolean; supportsIdempotency: boolean }) {
  const service = await serviceBySlug("instagram-likes");
  const [created] = await db()
    .insert(providers)
    .values({
      name: "Upstream",
      apiKeyEncrypted: encryptApiKey("upstream-key-0001"),
      apiKeyHint: apiKeyHint("upstream-key-0001"),
      ...provider,
    })
    .returning();
  await db()
    .insert(providerServices)
    .values({ serviceId: service.id, providerId: created!.id, providerServiceId: service.slug });
}

async function placeLikesOrders(count: number) {
  const customer = await createUser({ fundsCents: 10_000 });
  const service = await serviceBySlug("instagram-likes");
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const placed = await placeOrder(db(), {
      userId: customer.id,
      serviceId: service.id,
      quantity: 100 + index,
      targetLink: `https://www.instagram.com/p/Crash${index}/`,
      deliverySpeed: "normal",
    });
    if (!placed.ok) throw new Error(placed.message);
    ids.push(placed.order.id);
  }
  return ids;
}

describe("the fulfilment worker process", () => {
  it("killed between the upstream add and recording it, finds exactly one upstream order after a restart", async () => {
    await mapLikesTo({ apiUrl: "simulated://boostly/api/v2", isSimulated: true, supportsIdempotency: true });
    const [orderId] = await placeLikesOrders(1);

    const crashing = startWorker({ FULFILMENT_FAULT: "crash-after-add" });
    // The worker process starts, adds upstream and exits: a slow wait, like restarting it below.
    const exitWithin = SLOW_WAIT_TIMEOUT_MS;
    const code = await Promise.race([
      crashing.exited,
      new Promise((resolve) => setTimeout(resolve, exitWithin, `still running after ${exitWithin} ms`)),
    ]);
    expect(code, crashing.output()).toBe(70);
    expect(crashing.output()).toMatch(/exiting after a successful add/);
    const upstream = await db().select().from(simulatedProviderOrders);
    expect(upstream).toHaveLength(1);
    const [interrupted] = await db().select().from(fulfilments).where(eq(fulfilments.orderId, orderId!));
    expect(interrupted).toMatchObject({ state: "submitting", providerOrderId: null });

    const restarted = startWorker();
    const [recorded] = await waitFor(
      "the restarted worker to record the submission",
      () => db().select().from(fulfilments).where(eq(fulfilments.orderId, orderId!)),
      (rows) => rows[0]?.state === "submitted",
      restarted.output,
    );
    expect(recorded?.providerOrderId).toBe(String(upstream[0]?.id));
    expect(await db().select().from(simulatedProviderOrders)).toHaveLength(1);
  }, 120_000);

  it("two workers on one database never send the same order twice, even to a provider without idempotency keys", async () => {
    let adds = 0;
    const links: string[] = [];
    const panel = await startFakePanel(async (form) => {
      if (form.get("action") !== "add") return { status: 200, body: { error: "Incorrect request" } };
      adds++;
      links.push(form.get("link") ?? "");
      // A slow panel widens the window in which a second worker could take the same order.
      await new Promise((resolve) => setTimeout(resolve, 150));
      return { status: 200, body: { order: 5000 + adds } };
    });
    try {
      await mapLikesTo({ apiUrl: panel.url, isSimulated: false, supportsIdempotency: false });
      const orderIds = await placeLikesOrders(8);
      const first = startWorker({ FULFILMENT_LEASE_SECONDS: "60" });
      const second = startWorker({ FULFILMENT_LEASE_SECONDS: "60" });
      await waitFor(
        "both workers to submit every order",
        () => db().select().from(fulfilments),
        (rows) => rows.length === 8 && rows.every((row) => row.state === "submitted"),
        () => first.output() + second.output(),
      );
      expect(adds).toBe(8);
      expect(new Set(links).size).toBe(8);
      const rows = await db().select().from(fulfilments);
      expect(new Set(rows.map((row) => row.orderId))).toEqual(new Set(orderIds));
    } finally {
      await panel.close();
    }
  }, 90_000);
});
