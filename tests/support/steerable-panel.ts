import type { PanelReply } from "./fake-panel.ts";

/** An upstream order the steerable panel took, whose status the test sets. */
export type PanelOrder = {
  service: string;
  link: string;
  quantity: number;
  status: string;
  remains: number;
  form: Record<string, string>;
  /** Posts served, reported by subscriptions. */
  posts?: number;
  /** What `status` says the order cost, in the panel's currency ("0.1" unless a test sets it). */
  charge?: string;
};

export type PanelService = {
  service: number;
  name: string;
  type?: string;
  category?: string;
  rate?: string;
  min: number;
  max: number;
  dripfeed?: boolean;
  refill?: boolean;
  /** Whether the panel's `services` lists it as taking cancels (the shop's cancel terms read it). */
  cancel?: boolean;
};

/**
 * The state of a tiny provider panel speaking the standard API v2 (services, add with idempotency keys, status of
 * up to 100 orders, cancel, balance, refill and refill_status), whose answers a test steers: refuse the next adds,
 * answer garbage, refuse cancels or refills. Serve it with `startFakePanel((form) => panel.answer(form))`.
 */
export function steerablePanel(options: { key: string; services: PanelService[]; currency?: string }) {
  const panel = {
    /** The services it lists, their rates, types and limits: a test changes them between sync rounds. */
    services: options.services.map((service) => ({ ...service })),
    /** The currency its balance answer names (and its rates are in). */
    currency: options.currency ?? "USD",
    /** When set, `services` is answered with this instead (an error, or something that is not a list). */
    servicesReply: null as PanelReply | null,
    orders: new Map<number, PanelOrder>(),
    keys: new Map<string, number>(),
    adds: 0,
    cancelCalls: [] as string[][],
    /** The next this many adds are refused ("Not enough funds on balance"). */
    refuseAdds: 0,
    /** Adds answer an HTML error page (the answer is lost: did the order happen?). */
    garbleAdds: false,
    refuseCancels: false,
    nextId: 9000,
    /** Refills the panel took, by its refill id: the test sets their status words. */
    refills: new Map<number, { order: number; status: string }>(),
    refillCalls: [] as string[],
    /** When set, every `refill` is refused with this text. */
    refuseRefills: null as string | null,
    nextRefillId: 700,
    reset() {
      panel.services = options.services.map((service) => ({ ...service }));
      panel.currency = options.currency ?? "USD";
      panel.servicesReply = null;
      panel.refills.clear();
      panel.refillCalls = [];
      panel.refuseRefills = null;
      panel.orders.clear();
      panel.keys.clear();
      panel.adds = 0;
      panel.cancelCalls = [];
      panel.refuseAdds = 0;
      panel.garbleAdds = false;
      panel.refuseCancels = false;
    },
    /** The order behind an upstream id, to read or steer. */
    order(providerOrderId: string | null): PanelOrder {
      const order = panel.orders.get(Number(providerOrderId));
      if (!order) throw new Error(`the panel has no order ${providerOrderId}`);
      return order;
    },
    answer(form: URLSearchParams): PanelReply {
      if (form.get("key") !== options.key) return { status: 401, body: { error: "Invalid API key" } };
      switch (form.get("action")) {
        case "services":
          if (panel.servicesReply) return panel.servicesReply;
          return {
            status: 200,
            body: panel.services.map((service) => ({
              type: "Default",
              category: "Instagram",
              rate: "1.00",
              ...service,
            })),
          };
        case "add":
          return add(form);
        case "status":
          return { status: 200, body: statuses((form.get("orders") ?? "").split(",")) };
        case "cancel": {
          const ids = (form.get("orders") ?? "").split(",");
          panel.cancelCalls.push(ids);
          const cancel = panel.refuseCancels ? { error: "Order can't be canceled" } : 1;
          return { status: 200, body: ids.map((id) => ({ order: Number(id), cancel })) };
        }
        case "balance":
          return { status: 200, body: { balance: "100.84", currency: panel.currency } };
        case "refill": {
          const order = form.get("order") ?? "";
          panel.refillCalls.push(order);
          if (panel.refuseRefills) return { status: 200, body: { error: panel.refuseRefills } };
          if (!panel.orders.has(Number(order))) return { status: 200, body: { error: "Incorrect order ID" } };
          const id = panel.nextRefillId++;
          panel.refills.set(id, { order: Number(order), status: "Pending" });
          return { status: 200, body: { refill: String(id) } };
        }
        case "refill_status": {
          const ids = (form.get("refills") ?? form.get("refill") ?? "").split(",");
          return {
            status: 200,
            body: ids.map((id) => ({
              refill: Number(id),
              status: panel.refills.get(Number(id))?.status ?? { error: "Refill not found" },
            })),
          };
        }
        default:
          return { status: 400, body: { error: "Incorrect request" } };
      }
    },
  };

  function add(form: URLSearchParams): PanelReply {
    panel.adds++;
    if (panel.garbleAdds) return { status: 502, body: "<html>Bad gateway</html>" };
    if (panel.refuseAdds > 0) {
      panel.refuseAdds--;
      return { status: 400, body: { error: "Not enough funds on balance" } };
    }
    const key = form.get("idempotency_key");
    const known = key ? panel.keys.get(key) : undefined;
    if (known) return { status: 200, body: { order: known } };
    const id = panel.nextId++;
    const quantity = Number(form.get("quantity"));
    panel.orders.set(id, {
      service: form.get("service") ?? "",
      link: form.get("link") ?? "",
      quantity,
      status: "Pending",
      remains: quantity,
      form: Object.fromEntries(form),
    });
    if (key) panel.keys.set(key, id);
    return { status: 200, body: { order: id } };
  }

  function statuses(ids: string[]) {
    return Object.fromEntries(
      ids.map((id) => {
        const order = panel.orders.get(Number(id));
        if (!order) return [id, { error: "Incorrect order ID" }];
        return [
          id,
          {
            charge: order.charge ?? "0.1",
            start_count: "10",
            status: order.status,
            remains: String(order.remains),
            currency: "USD",
            ...(order.posts === undefined ? {} : { posts: String(order.posts) }),
          },
        ];
      }),
    );
  }

  return panel;
}
