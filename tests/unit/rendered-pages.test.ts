import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { FreshRead } from "../../server/fresh-read.ts";
import { pageAddresses } from "../../server/page-address.ts";
import { RenderedPages } from "../../server/rendered-pages.ts";

// The render caches' store and keys (docs/decisions/035-versioned-page-caches.md): a key names exactly what a page
// shows, a flood of variants stays inside its own group, and the versions are read no earlier than asked.

const page = (text: string) => () =>
  Promise.resolve(
    new Response(`<!DOCTYPE html><p>${text}</p>`, { headers: { "Content-Type": "text/html" } }),
  );

async function textOf(pages: RenderedPages, key: string, group: string, render = page(key)) {
  const result = await pages.page({ key, group }, render);
  if (!result.page) throw new Error(`${key} was not kept`);
  return { outcome: result.outcome, length: result.page.body.length };
}

describe("the rendered pages store", () => {
  const limits = { maxEntries: 100, maxBytes: 8 * 1024 * 1024, maxVariantsPerGroup: 3 };

  it("renders a key once and serves it again; another version of the same page is another key", async () => {
    const pages = new RenderedPages(limits);
    let renders = 0;
    const render = () => {
      renders += 1;
      return page("v")();
    };
    expect((await textOf(pages, "1 /faq", "/faq", render)).outcome).toBe("miss");
    expect((await textOf(pages, "1 /faq", "/faq", render)).outcome).toBe("hit");
    expect((await textOf(pages, "2 /faq", "/faq", render)).outcome).toBe("miss");
    expect(renders).toBe(2);
  });

  it("renders once for concurrent misses of one key, and apart for two keys", async () => {
    const pages = new RenderedPages(limits);
    let renders = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = async () => {
      renders += 1;
      await gate;
      return page("slow")();
    };
    const asked = [
      pages.page({ key: "1 /", group: "/" }, slow),
      pages.page({ key: "1 /", group: "/" }, slow),
      pages.page({ key: "2 /", group: "/" }, slow),
    ];
    release();
    const outcomes = (await Promise.all(asked)).map((result) =>
      "outcome" in result ? result.outcome : null,
    );
    expect(renders).toBe(2);
    expect(outcomes.sort()).toEqual(["hit", "miss", "miss"]);
  });

  it("keeps at most maxVariantsPerGroup variants of one group, least recently used out, others untouched", async () => {
    const pages = new RenderedPages(limits);
    await textOf(pages, "1 /", "/");
    await textOf(pages, "1 /help?q=a", "/help");
    await textOf(pages, "1 /help?q=b", "/help");
    await textOf(pages, "1 /help?q=c", "/help");
    // q=a is used again: q=b is now the oldest of the group.
    expect((await textOf(pages, "1 /help?q=a", "/help")).outcome).toBe("hit");
    for (let flood = 0; flood < 600; flood++) await textOf(pages, `1 /help?q=flood${flood}`, "/help");
    expect(pages.size).toBe(1 + limits.maxVariantsPerGroup);
    expect((await textOf(pages, "1 /", "/")).outcome).toBe("hit");
    expect((await textOf(pages, "1 /help?q=b", "/help")).outcome).toBe("miss");
  });

  it("keeps no answer that is not a plain, successful page", async () => {
    const pages = new RenderedPages(limits);
    const answers = [
      new Response("gone", { status: 404, headers: { "Content-Type": "text/html" } }),
      new Response(null, { status: 302, headers: { Location: "/login" } }),
      new Response("<p>x</p>", { headers: { "Content-Type": "text/html", "Set-Cookie": "a=b" } }),
      new Response("<p>x</p>", { headers: { "Content-Type": "text/html", "Cache-Control": "no-store" } }),
    ];
    for (const answer of answers) {
      const result = await pages.page({ key: "k", group: "g" }, () => Promise.resolve(answer));
      expect(result.page).toBeNull();
    }
    expect(pages.size).toBe(0);
  });
});

describe("a fresh read", () => {
  it("gives each caller a read that started after it asked, shared by everyone who asked meanwhile", async () => {
    let value = 0;
    const started: Array<() => void> = [];
    const reads = new FreshRead(
      () =>
        new Promise<number>((resolve) => {
          const read = value;
          started.push(() => resolve(read));
        }),
    );
    const first = reads.get();
    // A change commits while the first read is under way: later callers must not get that read's answer.
    value = 1;
    const second = reads.get();
    const third = reads.get();
    expect(started).toHaveLength(1);
    started[0]!();
    expect(await first).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toHaveLength(2);
    started[1]!();
    expect([await second, await third]).toEqual([1, 1]);
  });

  it("reads again after a failed read", async () => {
    let calls = 0;
    const reads = new FreshRead(async () => {
      calls += 1;
      if (calls === 1) throw new Error("connection lost");
      return calls;
    });
    await expect(reads.get()).rejects.toThrow("connection lost");
    expect(await reads.get()).toBe(2);
  });
});

describe("a kept page's address", () => {
  const route = (id: string, parentId: string | undefined, path: string | undefined, handle?: unknown) => ({
    id,
    parentId,
    path,
    index: undefined,
    caseSensitive: undefined,
    module: { default: () => null, handle },
  });
  const build = {
    routes: {
      root: route("root", undefined, ""),
      shop: route("shop", "root", undefined),
      faq: route("faq", "shop", "faq"),
      help: route("help", "shop", "help", { pageQuery: ["q"] }),
      order: route("order", "shop", "order/:id", { pageQuery: ["pkg", "link"] }),
      redirect: route("redirect", "root", "instagram", { pageQuery: "any" }),
    },
  } as unknown as ServerBuild;
  const address = pageAddresses(build);

  it("keeps only the parameters a page reads, so tracking parameters share the page's entry", () => {
    expect(address("/faq", "?utm_source=news&fbclid=abc")).toEqual({
      path: "/faq",
      url: "/faq",
      leftOut: true,
    });
    expect(address("/help", "?utm_medium=x&q=refund")).toEqual({
      path: "/help",
      url: "/help?q=refund",
      leftOut: true,
    });
    expect(address("/order/12", "?pkg=500&gclid=1&link=https%3A%2F%2Fx")).toEqual({
      path: "/order/12",
      url: "/order/12?pkg=500&link=https%3A%2F%2Fx",
      leftOut: true,
    });
    expect(address("/help", "?q=refund")).toEqual({ path: "/help", url: "/help?q=refund", leftOut: false });
  });

  it("keeps nothing for a path spelled otherwise than the shop spells it, nor for a page that passes its query on", () => {
    for (const path of ["/FAQ", "/faq/", "/f%61q", "//faq", "/faq/../faq"])
      expect(address(path, "")).toBeNull();
    expect(address("/instagram", "?utm_source=x")).toBeNull();
    expect(address("/instagram", "")).toEqual({ path: "/instagram", url: "/instagram", leftOut: false });
  });
});
