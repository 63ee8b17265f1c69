import { describe, expect, it } from "vitest";
import { isTrustedCertUrl } from "../../app/domain/payments/paypal-signature.server.ts";
import { readEnv } from "../../app/lib/env.server.ts";

// PayPal's configuration (docs/configuration.md, docs/decisions/058): all of it or none, which PayPal said rather
// than guessed, and in production only PayPal's own hosts, for the API and for the webhooks' certificate.
const ACCOUNT = {
  PAYPAL_CLIENT_ID: "client",
  PAYPAL_CLIENT_SECRET: "secret",
  PAYPAL_WEBHOOK_ID: "WH-1",
};
const PRODUCTION = { APP_ENV: "production", AUTH_SECRET: "x".repeat(40), APP_URL: "https://boostly.example" };

describe("the PayPal configuration", () => {
  it("is off without its values and on with all of them, on PayPal's host for the environment", () => {
    expect(readEnv({}).paypal).toBeUndefined();
    expect(readEnv({ ...ACCOUNT, PAYPAL_ENVIRONMENT: "sandbox" }).paypal).toEqual({
      clientId: "client",
      clientSecret: "secret",
      webhookId: "WH-1",
      environment: "sandbox",
      apiUrl: "https://api-m.sandbox.paypal.com",
    });
    expect(readEnv({ ...PRODUCTION, ...ACCOUNT, PAYPAL_ENVIRONMENT: "live" }).paypal?.apiUrl).toBe(
      "https://api-m.paypal.com",
    );
  });

  it("stops the start on half a configuration or an unsaid environment", () => {
    expect(() => readEnv({ PAYPAL_CLIENT_ID: "client", PAYPAL_ENVIRONMENT: "live" })).toThrow(/together/);
    expect(() => readEnv(ACCOUNT)).toThrow(/PAYPAL_ENVIRONMENT/);
  });

  it("takes a local API address outside production only", () => {
    const local = { ...ACCOUNT, PAYPAL_ENVIRONMENT: "sandbox", PAYPAL_API_URL: "http://127.0.0.1:4010/" };
    expect(readEnv(local).paypal?.apiUrl).toBe("http://127.0.0.1:4010");
    expect(() => readEnv({ ...PRODUCTION, ...local })).toThrow(/PayPal host over HTTPS/);
  });
});

describe("a webhook's signing certificate", () => {
  const api = "https://api-m.paypal.com";
  it.each([
    ["https://api.paypal.com/v1/notifications/certs/CERT-360caa42", true],
    ["https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42", true],
    ["http://api.paypal.com/v1/notifications/certs/CERT", false],
    ["https://api.paypal.com.evil.example/cert", false],
    ["https://evilpaypal.com/cert", false],
    ["https://user:pass@api.paypal.com/cert", false],
    ["https://certs.example.com/paypal.pem", false],
    ["not a url", false],
  ])("%s trusted: %s", (url, trusted) => {
    expect(isTrustedCertUrl(url, api)).toBe(trusted);
  });

  it("may come from the configured API's own address (a local stand-in)", () => {
    expect(isTrustedCertUrl("http://127.0.0.1:4010/v1/notifications/certs/X", "http://127.0.0.1:4010")).toBe(
      true,
    );
    expect(isTrustedCertUrl("http://127.0.0.1:4011/cert", "http://127.0.0.1:4010")).toBe(false);
  });
});
