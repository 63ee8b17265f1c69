import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ALERT_TEXT } from "../../app/domain/alerts/kinds.ts";
import { NeedsAttentionPanel } from "../../app/routes/admin._index/needs-attention-panel.tsx";

/** The panel as /admin renders it, in a router (its Dismiss is a route form). */
function render(props: Parameters<typeof NeedsAttentionPanel>[0]): string {
  const Stub = createRoutesStub([
    { path: "/admin", Component: () => createElement(NeedsAttentionPanel, props) },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/admin"] }));
}

// Product rules 14.27: the needs-attention panel. With alerts, in a browser: tests/e2e/alerts-panel.test.ts.
describe("the needs-attention panel", () => {
  it("says nothing needs attention when no alert is open, with no Dismiss", () => {
    const html = render({ alerts: [], total: 0 });
    expect(html).toContain(ALERT_TEXT.empty);
    expect(html).toContain('data-testid="needs-attention-count">0<');
    expect(html).not.toContain(ALERT_TEXT.dismiss);
  });

  it("counts the older alerts it does not show", () => {
    const alert = {
      id: 7,
      kind: "ticket_new",
      title: "New ticket TKT-1: Help",
      details: "From a@b.example",
      link: "/admin/tickets?q=TKT-1",
      raisedAt: "2026-11-20T05:00:00.000Z",
    };
    const html = render({ alerts: [alert], total: 3 });
    expect(html).toContain('href="/admin/tickets?q=TKT-1"');
    expect(html).toContain("and 2 older, shown as these are dismissed.");
    expect(html).not.toContain(ALERT_TEXT.empty);
  });
});
