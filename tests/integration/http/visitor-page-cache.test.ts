import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { services, settings } from "../../../app/db/schema.ts";
import { ACCOUNT_TEXT } from "../../../app/domain/accounts/messages.ts";
import { addPost, removePost } from "../../../app/domain/blog/edit-post.server.ts";
import { addService, removeService } from "../../../app/domain/catalog/edit-service.server.ts";
import { formatServiceName } from "../../../app/domain/catalog/product-name.ts";
import { cspNonce, scriptNonces } from "../../support/csp.ts";
import { appUrl, secondAppUrl, signedInAdmin, signedInCustomer, Visitor } from "../../support/http.ts";

// The visitor page cache (docs/decisions/028-visitor-page-cache.md, 035-versioned-page-caches.md), seen from
// outside: through HTTP on the two app servers of the run, which share one database. A change shows on the very
// next page on either server. Other files change the shop's content while this one runs, so a "served from the
// cache" check asks again until a request finds the page kept (a change elsewhere makes a new content version).

const SERVERS = [appUrl, secondAppUrl];
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function visit(base: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, base), { headers, redirect: "manual" });
  return { response, html: await response.text() };
}

/** Checks that the very next visitor page of `path` on every server shows `text`: no waiting, no retry. */
async function expectEveryVisitorSees(path: string, text: string) {
  for (const base of SERVERS) {
    expect((await visit(base, path)).html.includes(text), `${base}${path}: ${text}`).toBe(true);
  }
}

describe("visitor pages from the shared render cache", () => {
  it.each(["/", "/services/instagram"])(
    "serves %s again from the cache, with a fresh nonce on every script, out of shared caches",
    async (path) => {
      await expect
        .poll(async () => (await visit(appUrl, path)).response.headers.get("X-Render-Cache"))
        .toBe("hit");
      const first = await visit(appUrl, path);
      const second = await visit(appUrl, path);
      for (const { response, html } of [first, second]) {
        expect(response.status).toBe(200);
        // Each answer's CSP names its own nonce: no shared cache may hand one answer to many visitors.
        expect(response.headers.get("Cache-Control")).toBe("private, max-age=0");
        expect(response.headers.get("Vary")).toMatch(/Cookie/i);
        expect(response.headers.get("ETag")).toMatch(/^W\/"\d+-[\w-]+"$/);
        const nonces = scriptNonces(html);
        expect(nonces.length).toBeGreaterThan(0);
        expect(nonces.every((nonce) => nonce === cspNonce(response))).toBe(true);
        expect(html).not.toMatch(/cspnonce[0-9a-f]{24}/);
      }
      expect(cspNonce(first.response)).not.toBe(cspNonce(second.response));
    },
  );

  it("answers a HEAD from the same cached page, without a body", async () => {
    await expect
      .poll(async () => {
        const response = await fetch(new URL("/reviews", appUrl), { method: "HEAD" });
        return [response.status, response.headers.get("X-Render-Cache"), await response.text()];
      })
      .toEqual([200, "hit", ""]);
    expect((await visit(appUrl, "/reviews")).response.headers.get("X-Render-Cache")).toBe("hit");
  });

  it("answers gzip with the same page as the plain one", async () => {
    await expect
      .poll(async () => (await visit(appUrl, "/")).response.headers.get("X-Render-Cache"))
      .toBe("hit");
    const response = await fetch(new URL("/", appUrl), { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    // fetch unzips on the way: the page arrives whole and with its own nonce.
    const html = await response.text();
    expect(html).toContain("</html>");
    expect(scriptNonces(html).every((nonce) => nonce === cspNonce(response))).toBe(true);
    const raw = await import("node:http").then(
      (http) =>
        new Promise<Buffer>((resolve, reject) => {
          http
            .get(new URL("/", appUrl), { headers: { "Accept-Encoding": "gzip" } }, (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (chunk: Buffer) => chunks.push(chunk));
              res.on("end", () => resolve(Buffer.concat(chunks)));
            })
            .on("error", reject);
        }),
    );
    expect(gunzipSync(raw).toString()).toContain("</html>");
  });

  it("answers 304 to If-None-Match with the page's ETag", async () => {
    await expect
      .poll(async () => {
        const { response } = await visit(appUrl, "/about");
        const etag = response.headers.get("ETag") ?? "";
        const again = await visit(appUrl, "/about", { "If-None-Match": `"other", ${etag}` });
        return [
          again.response.status,
          again.html,
          again.response.headers.get("ETag") === etag,
          // The stored page keeps the CSP it came with: its scripts carry that one's nonce.
          again.response.headers.get("Content-Security-Policy"),
        ];
      })
      .toEqual([304, "", true, null]);
    const other = await visit(appUrl, "/about", { "If-None-Match": 'W/"0-other"' });
    expect(other.response.status).toBe(200);
  });

  it("shows an admin's banner, a setting, a new service and a blog post to the next visitor on both servers", async () => {
    const marker = randomUUID().slice(0, 8);
    for (const base of SERVERS) await visit(base, "/");
    const { visitor: admin } = await signedInAdmin();
    const banner = `Cache banner ${marker}`;
    const saved = await admin.request("/admin/banner", {
      form: { text: banner, type: "info", enabled: "on" },
    });
    expect(saved.status).toBeLessThan(400);
    cleanups.push(() => admin.request("/admin/banner", { form: { text: banner, type: "info" } }));
    await expectEveryVisitorSees("/", banner);

    const footer = `Cache footer ${marker}`;
    const [stored] = await db().select().from(settings).where(eq(settings.key, "footerText"));
    await db()
      .insert(settings)
      .values({ key: "footerText", value: footer })
      .onConflictDoUpdate({ target: settings.key, set: { value: footer } });
    cleanups.push(() =>
      stored
        ? db().update(settings).set({ value: stored.value }).where(eq(settings.key, "footerText"))
        : db().delete(settings).where(eq(settings.key, "footerText")),
    );
    await expectEveryVisitorSees("/about", footer);

    for (const base of SERVERS) await visit(base, "/services/instagram");
    const [template] = await db().select().from(services).where(eq(services.platform, "instagram")).limit(1);
    const {
      id: _id,
      apiId: _apiId,
      slug: _slug,
      createdAt: _created,
      updatedAt: _updated,
      ...fields
    } = template!;
    const name = `Cache test likes ${marker}`;
    const created = await addService(db(), { ...fields, name, slug: `cache-test-${marker}`, enabled: true });
    if (!created.ok) throw new Error(created.message);
    cleanups.push(() => removeService(db(), created.id));
    // As the storefront writes a service's name (formatServiceName: title case).
    await expectEveryVisitorSees("/services/instagram", formatServiceName(name));

    for (const base of SERVERS) await visit(base, "/blog");
    const title = `Cache test post ${marker}`;
    const post = await addPost(db(), {
      slug: `cache-test-${marker}`,
      title,
      excerpt: "A post the cache test adds.",
      content: "Body.",
      category: "Instagram",
      published: true,
    });
    cleanups.push(() => removePost(db(), post!.id));
    await expectEveryVisitorSees("/blog", title);
  });

  it("never serves a signed-in customer cached HTML, nor a visitor their page", async () => {
    const customer = await signedInCustomer();
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await customer.visitor.request("/");
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("X-Render-Cache")).toBeNull();
      expect(await response.text()).toContain('data-testid="header-balance"');
    }
    const { html } = await visit(appUrl, "/");
    expect(html).not.toContain('data-testid="header-balance"');
    expect(html).not.toContain(customer.email);
  });

  it("shows a flash toast only to its visitor, never from or into the cache", async () => {
    const customer = await signedInCustomer();
    const signOut = await customer.visitor.request("/logout", { method: "POST" });
    expect([302, 303]).toContain(signOut.status);
    const home = await customer.visitor.request("/");
    expect(home.headers.get("X-Render-Cache")).toBeNull();
    expect(home.headers.get("Cache-Control")).toBe("private, no-store");
    const toastText = ACCOUNT_TEXT.signedOut;
    expect(await home.text()).toContain(toastText);
    for (const base of SERVERS) expect((await visit(base, "/")).html).not.toContain(toastText);
  });

  it("keeps analytics' visitor cookie from turning the cache off, and any other cookie from using it", async () => {
    const withVisitorId = new Visitor();
    await expect
      .poll(async () => {
        const response = await withVisitorId.request("/faq", { headers: { Cookie: "boostly_visitor=abc" } });
        return response.headers.get("X-Render-Cache");
      })
      .toBe("hit");
    const other = await fetch(new URL("/faq", appUrl), { headers: { Cookie: "something=else" } });
    expect(other.headers.get("X-Render-Cache")).toBeNull();
    expect(other.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
