import { describe, expect, it } from "vitest";
import { safeNextPath } from "../../app/domain/accounts/session.server.ts";
import { isSameOriginRequest } from "../../server/security.ts";

describe("same-origin check for state-changing requests", () => {
  const appUrl = "https://boostly.example";

  it("accepts the browser's same-origin marker and our own Origin", () => {
    expect(isSameOriginRequest({ "sec-fetch-site": "same-origin" }, appUrl, "https")).toBe(true);
    expect(isSameOriginRequest({ origin: "https://boostly.example" }, appUrl, "https")).toBe(true);
  });

  it("refuses other sites, a null Origin and requests without any origin information", () => {
    expect(isSameOriginRequest({ origin: "https://evil.example" }, appUrl, "https")).toBe(false);
    expect(isSameOriginRequest({ origin: "null" }, appUrl, "https")).toBe(false);
    expect(isSameOriginRequest({ "sec-fetch-site": "cross-site" }, appUrl, "https")).toBe(false);
    expect(isSameOriginRequest({}, appUrl, "https")).toBe(false);
  });
});

describe("the next path after signing in", () => {
  it("follows local paths with their query", () => {
    expect(safeNextPath("/order/instagram-followers?pkg=500")).toBe("/order/instagram-followers?pkg=500");
  });

  it("never leaves the site", () => {
    expect(safeNextPath("https://evil.example/")).toBe("/dashboard");
    expect(safeNextPath("//evil.example/")).toBe("/dashboard");
    expect(safeNextPath("/\\evil.example")).toBe("/dashboard");
    expect(safeNextPath(null)).toBe("/dashboard");
  });
});
