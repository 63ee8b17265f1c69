/**
 * Account enumeration by timing (docs/decisions/012): with SMTP configured to a slow server, a password reset and
 * a sign-up take as long for an address that has an account as for one that has none, since requests only write
 * the outbox. Over HTTP against an app server of its own (SMTP_URL set, its mail worker inline); the mail still
 * reaches the SMTP server, through the worker.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { WAIT_TIMEOUT_MS } from "../../support/constants.ts";
import { startAppServerOnOwnDatabase } from "../../support/global-setup.ts";
import { uniqueEmail, Visitor } from "../../support/http.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../../support/smtp-server.ts";

const ROUNDS = 15;
const WARM_UP = 3;
const PASSWORD = "correct-horse-9";

let smtp: TestSmtpServer;
let shop: { appUrl: string; stop(): Promise<void> };
let existing: string;

beforeAll(async () => {
  // Each step of an SMTP session answers after 300 ms: sending inside the request would cost over a second.
  smtp = await startTestSmtpServer({ delayMs: 300 });
  shop = await startAppServerOnOwnDatabase({
    pgServerUrl: inject("pgServerUrl"),
    databaseName: "boostly_mail_timing",
    extraEnv: { SMTP_URL: smtp.url, WORKER: "inline", MAIL_FROM: "Boostly <no-reply@boostly.test>" },
  });
  existing = uniqueEmail("timing-existing");
  const signedUp = await post("/register", {
    email: existing,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(signedUp.status).toBe(200);
}, 90_000);

afterAll(async () => {
  await shop?.stop();
  await smtp?.stop();
});

/** A form POST as a browser without JavaScript sends it; the whole answer is read. */
async function post(path: string, form: Record<string, string>) {
  const response = await new Visitor(shop.appUrl).request(path, { form });
  await response.text();
  return response;
}

async function timed(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await run();
  const elapsed = performance.now() - started;
  expect(response.status).toBe(200);
  return elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Medians of the two kinds of request, run alternately (so a busy moment of the machine hits both alike). A leak
 * is systematic (a 300 ms SMTP conversation shows in every round), while the noise of a machine busy with the
 * rest of the suite is not: so up to three measurements, and the closest one counts.
 */
async function compare(known: () => Promise<Response>, unknown: () => Promise<Response>) {
  let closest = await measure(known, unknown);
  for (let attempt = 1; attempt < 3 && !alike(closest); attempt++) {
    const next = await measure(known, unknown);
    if (Math.abs(next.known - next.unknown) < Math.abs(closest.known - closest.unknown)) closest = next;
  }
  return closest;
}

/**
 * The two medians differ by less than 15 ms, or by less than a tenth of the slower one: on a machine so busy that a
 * request takes 300 ms instead of 60, scheduling alone spreads medians by more than 15 ms. A leak stays far outside
 * either bound: the SMTP conversation costs over a second, a skipped password hash some 50 ms of a 100 ms request.
 */
function alike(medians: { known: number; unknown: number }): boolean {
  const difference = Math.abs(medians.known - medians.unknown);
  return difference < Math.max(15, 0.1 * Math.max(medians.known, medians.unknown));
}

async function measure(known: () => Promise<Response>, unknown: () => Promise<Response>) {
  for (let index = 0; index < WARM_UP; index++) {
    await known();
    await unknown();
  }
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    knownMs.push(await timed(known));
    unknownMs.push(await timed(unknown));
  }
  return { known: median(knownMs), unknown: median(unknownMs) };
}

describe("with a slow SMTP server", () => {
  it("answers a password reset as fast for an address with an account as for one without", async () => {
    const medians = await compare(
      () => post("/forgot-password", { email: existing }),
      () => post("/forgot-password", { email: uniqueEmail("timing-unknown") }),
    );
    console.log(
      `password reset medians: existing ${medians.known.toFixed(1)} ms, unknown ${medians.unknown.toFixed(1)} ms`,
    );
    expect(alike(medians), `medians ${medians.known.toFixed(1)} / ${medians.unknown.toFixed(1)} ms`).toBe(
      true,
    );
    // Far below one SMTP session (four steps of 300 ms): nothing waited for the server.
    expect(medians.known).toBeLessThan(1_000);
  });

  it("answers a sign-up as fast for an address with an account as for a new one", async () => {
    const medians = await compare(
      () => post("/register", { email: existing, password: PASSWORD, confirmPassword: PASSWORD }),
      () =>
        post("/register", {
          email: uniqueEmail("timing-new"),
          password: PASSWORD,
          confirmPassword: PASSWORD,
        }),
    );
    console.log(
      `sign-up medians: existing ${medians.known.toFixed(1)} ms, new ${medians.unknown.toFixed(1)} ms`,
    );
    expect(alike(medians), `medians ${medians.known.toFixed(1)} / ${medians.unknown.toFixed(1)} ms`).toBe(
      true,
    );
    expect(medians.unknown).toBeLessThan(1_000);
  });

  it("answers better-auth's own endpoints as fast for either address (they are public too)", async () => {
    const api = (path: string, json: unknown) => async () => {
      const response = await new Visitor(shop.appUrl).request(path, { json });
      await response.text();
      return response;
    };
    const reset = await compare(
      api("/api/auth/request-password-reset", { email: existing, redirectTo: "/reset-password" }),
      api("/api/auth/request-password-reset", {
        email: uniqueEmail("timing-unknown"),
        redirectTo: "/reset-password",
      }),
    );
    const signUp = await compare(
      api("/api/auth/sign-up/email", { email: existing, password: PASSWORD, name: "" }),
      api("/api/auth/sign-up/email", { email: uniqueEmail("timing-new"), password: PASSWORD, name: "" }),
    );
    console.log(
      `api medians: reset existing ${reset.known.toFixed(1)} / unknown ${reset.unknown.toFixed(1)} ms, ` +
        `sign-up existing ${signUp.known.toFixed(1)} / new ${signUp.unknown.toFixed(1)} ms`,
    );
    expect(alike(reset), `reset ${reset.known.toFixed(1)} / ${reset.unknown.toFixed(1)} ms`).toBe(true);
    expect(alike(signUp), `sign-up ${signUp.known.toFixed(1)} / ${signUp.unknown.toFixed(1)} ms`).toBe(true);
  });

  it("still delivers the queued mail to the SMTP server, through the mail worker", async () => {
    // The reset test queued many mails for `existing` before; the worker works through them at the slow pace.
    await expect
      .poll(() => smtp.received.filter((mail) => mail.to.includes(existing)).length, {
        timeout: 4 * WAIT_TIMEOUT_MS,
      })
      .toBeGreaterThan(1);
    const mail = smtp.received.find((item) => item.to.includes(existing) && item.subject.startsWith("Reset"));
    expect(mail?.subject).toBe("Reset your Boostly password");
    expect(mail?.text).toMatch(/Choose a new password: http:\/\/localhost:\d+\/reset-password\?token=/);
  }, 90_000);
});
