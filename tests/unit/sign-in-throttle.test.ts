import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "../../app/domain/security/rate-limit.server.ts";
import {
  clientAddress,
  SIGN_IN_THROTTLE,
  signInDelayMs,
} from "../../app/domain/security/sign-in-throttle.server.ts";
import { rateLimitedInit } from "../../app/lib/rate-limited-answer.ts";

function from(address: string) {
  return new Request("http://shop.test/login", { headers: { [CLIENT_IP_HEADER]: address } });
}

describe("sign-in throttling rules", () => {
  it("slows an unknown address only past the free failures, and never beyond the bound", () => {
    expect(signInDelayMs(0)).toBe(0);
    expect(signInDelayMs(SIGN_IN_THROTTLE.freeAccountFailures)).toBe(0);
    expect(signInDelayMs(SIGN_IN_THROTTLE.freeAccountFailures + 1)).toBe(SIGN_IN_THROTTLE.delayPerFailureMs);
    expect(signInDelayMs(10_000)).toBe(SIGN_IN_THROTTLE.maxDelayMs);
  });

  it("reads the client address as better-auth records it on a session", () => {
    expect(clientAddress(from("203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddress(from("::ffff:203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddress(from("2001:DB8:1:2:3:4:5:6"))).toBe("2001:0db8:0001:0002:0000:0000:0000:0000");
    expect(clientAddress(from("2001:db8::1"))).toBe("2001:0db8:0000:0000:0000:0000:0000:0000");
    expect(clientAddress(new Request("http://shop.test/login"))).toBeNull();
  });

  it("answers every rate limit with 429 and a Retry-After of at least one whole second", () => {
    const init = rateLimitedInit(0.2, { "Cache-Control": "no-store" });
    expect(init.status).toBe(429);
    expect(init.headers.get("Retry-After")).toBe("1");
    expect(init.headers.get("Cache-Control")).toBe("no-store");
    expect(rateLimitedInit(61.5).headers.get("Retry-After")).toBe("62");
  });
});
