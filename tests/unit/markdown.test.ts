import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { serializeJsonLd } from "../../app/domain/seo/json-ld.ts";
import { Markdown, markdownToPlainText, safeHref } from "../../app/lib/markdown.tsx";

const render = (source: string) => renderToStaticMarkup(createElement(Markdown, { source }));

describe("light markdown", () => {
  it("renders headings, keeping the page's h1 for its title", () => {
    const html = render("# Big\n## Section\n### Detail");
    expect(html).toContain("<h2");
    expect(html).toMatch(/<h2[^>]*>Big<\/h2>/);
    expect(html).toMatch(/<h2[^>]*>Section<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Detail<\/h3>/);
    expect(html).not.toContain("<h1");
  });

  it("renders bullets and numbered items as lists", () => {
    const html = render("- one\n- two\n\n1. first\n2. second");
    expect(html).toMatch(/<ul[^>]*><li>one<\/li><li>two<\/li><\/ul>/);
    expect(html).toMatch(/<ol[^>]*><li>first<\/li><li>second<\/li><\/ol>/);
  });

  it("keeps a numbered list's first number", () => {
    expect(render("3. third\n4. fourth")).toMatch(/<ol start="3"/);
  });

  it("renders bold text and paragraphs", () => {
    const html = render("Some **bold** words\non two lines.\n\nSecond paragraph.");
    expect(html).toMatch(/<p[^>]*>Some <strong>bold<\/strong> words on two lines\.<\/p>/);
    expect(html).toMatch(/<p[^>]*>Second paragraph\.<\/p>/);
  });

  it("links site-relative and http(s) addresses; external ones get rel noopener noreferrer nofollow", () => {
    const html = render(
      "[Views](/service/instagram-views) and [docs](https://example.com/a?b=1) **[bold](/blog)**",
    );
    expect(html).toMatch(/<a href="\/service\/instagram-views"[^>]*>Views<\/a>/);
    expect(html).not.toMatch(/<a href="\/service\/instagram-views"[^>]*rel=/);
    expect(html).toMatch(
      /<a href="https:\/\/example.com\/a\?b=1"[^>]*rel="noopener noreferrer nofollow"[^>]*>docs<\/a>/,
    );
    expect(html).toMatch(/<strong><a href="\/blog"[^>]*>bold<\/a><\/strong>/);
  });

  it("shows HTML in the text as text", () => {
    const html = render('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/x",
    "/\\evil.example",
    "ftp://example.com/file",
    "mailto:someone@example.com",
  ])("turns a %s link into plain text", (href) => {
    const html = render(`Please [click here](${href}) now`);
    expect(html).not.toContain("<a");
    expect(html).toContain("click here");
    expect(html).not.toMatch(/href=/);
  });

  it("accepts only http(s) and site-relative addresses", () => {
    expect(safeHref("/blog/post")).toEqual({ href: "/blog/post", external: false });
    expect(safeHref("https://example.com")).toEqual({ href: "https://example.com/", external: true });
    expect(safeHref("java\tscript:alert(1)")).toBeNull();
    expect(safeHref("javascript://example.com/%0aalert(1)")).toBeNull();
  });

  it("gives the plain text for structured data", () => {
    expect(markdownToPlainText("## Title\n- **one** [two](/x)\n\nText")).toBe("Title\n\none two\n\nText");
  });
});

describe("JSON-LD serialisation", () => {
  it("cannot close its script element", () => {
    const json = serializeJsonLd({ body: "</script><script>alert(1)</script> & <!--" });
    expect(json).not.toContain("<");
    expect(json).not.toContain(">");
    expect(JSON.parse(json)).toEqual({ body: "</script><script>alert(1)</script> & <!--" });
  });
});
