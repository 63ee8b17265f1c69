import { describe, expect, it } from "vitest";
import { appUrl } from "../../support/http.ts";

// decisions/031-inline-stylesheet.md: the stylesheet is inlined in the head (no render-blocking request) and the
// JavaScript is preloaded at low priority, under the same CSP as before.
describe("the document's stylesheet and scripts", () => {
  it.each(["/", "/services/instagram", "/blog", "/login"])(
    "%s carries the whole stylesheet in its head, allowed by the response's CSP",
    async (path) => {
      const response = await fetch(`${appUrl}${path}`);
      expect(response.status).toBe(200);
      const csp = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      const html = await response.text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
      const styles = head.match(/<style\b[^>]*>/g) ?? [];
      expect(styles).toEqual([`<style id="site-stylesheet" nonce="${nonce}">`]);
      expect(head).toMatch(/<style id="site-stylesheet"[^>]*>\/\*! tailwindcss[^<]*\.bg-white\{/);
      const styleSource = /style-src ([^;]*)/.exec(csp)?.[1] ?? "";
      expect(styleSource.includes("'unsafe-inline'") || styleSource.includes(`'nonce-${nonce}'`)).toBe(true);
    },
  );

  it("preloads the page's modules at low fetch priority, each with the response's nonce", async () => {
    const response = await fetch(appUrl);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    const preloads = (await response.text()).match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(0);
    for (const preload of preloads) {
      expect(preload).toContain('fetchpriority="low"');
      expect(preload).toContain(`nonce="${nonce}"`);
    }
  });
});
