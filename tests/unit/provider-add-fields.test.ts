import { describe, expect, it } from "vitest";
import { addProviderOrder, type Transport } from "../../app/domain/fulfilment/provider-client.server.ts";

// The `add` fields of the panels' order types (docs/decisions/021): drip-feed and custom comments.

function recordingTransport() {
  const forms: Record<string, string>[] = [];
  const transport: Transport = async (form) => {
    forms.push(form);
    return { order: 42 };
  };
  return { forms, transport };
}

describe("addProviderOrder", () => {
  it("sends a plain order without type fields", async () => {
    const { forms, transport } = recordingTransport();
    expect(
      await addProviderOrder(transport, { service: "11", link: "https://x.test/p/1", quantity: 100 }),
    ).toBe("42");
    expect(forms).toEqual([{ action: "add", service: "11", link: "https://x.test/p/1", quantity: "100" }]);
  });

  it("sends runs and interval together, and comments one per line", async () => {
    const { forms, transport } = recordingTransport();
    await addProviderOrder(transport, {
      service: "11",
      link: "https://x.test/p/1",
      quantity: 100,
      runs: 3,
      interval: 10,
      idempotencyKey: "boostly-order-1",
    });
    await addProviderOrder(transport, {
      service: "13",
      link: "https://x.test/p/1",
      quantity: 2,
      comments: "Nice\nGreat",
    });
    // Runs without an interval mean nothing to a panel: neither is sent.
    await addProviderOrder(transport, { service: "11", link: "https://x.test/p/1", quantity: 100, runs: 3 });
    expect(forms).toEqual([
      {
        action: "add",
        service: "11",
        link: "https://x.test/p/1",
        quantity: "100",
        runs: "3",
        interval: "10",
        idempotency_key: "boostly-order-1",
      },
      { action: "add", service: "13", link: "https://x.test/p/1", quantity: "2", comments: "Nice\nGreat" },
      { action: "add", service: "11", link: "https://x.test/p/1", quantity: "100" },
    ]);
  });
});
