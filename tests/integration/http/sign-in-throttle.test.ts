import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect, type Database } from "../../../app/db/client.server.ts";
import { mailOutbox, rateLimits, users } from "../../../app/db/schema.ts";
import { ACCOUNT_MAIL_CAP } from "../../../app/domain/mail/queue-account-mail.server.ts";
import { RATE_LIMIT_MESSAGE } from "../../../app/domain/security/rate-limit.server.ts";
import { SIGN_IN_THROTTLE } from "../../../app/domain/security/sign-in-throttle.server.ts";
import { TICKET_CATEGORIES } from "../../../app/domain/tickets/messages.ts";
import { TEST_AUTH_SECRET } from "../../support/constants.ts";
import { startAppServerOnOwnDatabase } from "../../support/global-setup.ts";
import { uniqueEmail, Visitor } from "../../support/http.ts";
import { enableTwoFactor, totpCode } from "../../support/two-factor.ts";

process.env.AUTH_SECRET = TEST_AUTH_SECRET;

/**
 * Sign-in throttling (docs/decisions/013) and rate-limited answers, on a server of its own that trusts one proxy
 * (so each test client presents its own address in X-Forwarded-For) and applies the limits as in production
 * (RATE_LIMIT_MULTIPLIER 1; the suite's servers multiply them by 1000).
 */
let shop: { appUrl: string; db: Database; end(): Promise<void>; stop(): Promise<void> };

beforeAll(async () => {
  const server = await startAppServerOnOwnDatabase({
    pgServerUrl: inject("pgServerUrl"),
    databaseName: "boostly_throttle",
    extraEnv: { TRUST_PROXY: "true", RATE_LIMIT_MULTIPLIER: "1" },
  });
  const connection = connect(server.databaseUrl, 4);
  shop = { appUrl: server.appUrl, db: connection.db, end: () => connection.pool.end(), stop: server.stop };
}, 90_000);

afterAll(async () => {
  await shop?.stop();
  await shop?.end();
});

/** A browser behind the trusted proxy, which reports its address. */
class Client extends Visitor {
  readonly address: string;
  constructor(address: string) {
    super(shop.appUrl);
    this.address = address;
  }
  override request(path: string, init: Parameters<Visitor["request"]>[1] = {}) {
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", this.address);
    return super.request(path, { ...init, headers });
  }
}

let addresses = 0;
/** A client address no other test uses. */
function freshAddress(): string {
  addresses += 1;
  return `10.${process.pid % 250}.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

const PASSWORD = "correct-horse-9";

/** A confirmed account on this shop (signed up from an address of its own). */
async function account() {
  const email = uniqueEmail("throttle");
  const signedUp = await new Client(freshAddress()).request("/api/auth/sign-up/email", {
    json: { email, password: PASSWORD, name: "" },
  });
  expect(signedUp.status).toBe(200);
  const [user] = await shop.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, email))
    .returning();
  return { id: user!.id, email };
}

function signInThroughApi(client: Client, email: string, password: string) {
  return client.request("/api/auth/sign-in/email", { json: { email, password } });
}

function signInThroughForm(client: Client, email: string, password: string) {
  return client.request("/login", { form: { intent: "sign-in", email, password } });
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

function expectRateLimited(response: Response) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
}

describe("sign-in throttling", () => {
  it("lets the owner in after 20 failures from two other addresses: slowed from a new address, not refused", async () => {
    const owner = await account();
    const attackers = [new Client(freshAddress()), new Client(freshAddress())];
    const failures = await Promise.all(
      attackers.flatMap((attacker) =>
        Array.from({ length: SIGN_IN_THROTTLE.pairFailures }, () =>
          signInThroughApi(attacker, owner.email, "wrong-password-1"),
        ),
      ),
    );
    expect(failures.map((response) => response.status)).toEqual(Array(20).fill(401));

    // A new address waits (the account's recent failures), then gets in: through the form and better-auth's endpoint.
    const expectedDelay = Math.min(
      SIGN_IN_THROTTLE.maxDelayMs,
      (20 - SIGN_IN_THROTTLE.freeAccountFailures) * 200,
    );
    const fromForm = await timed(() => signInThroughForm(new Client(freshAddress()), owner.email, PASSWORD));
    expect(fromForm.value.status).toBe(302);
    expect(fromForm.ms).toBeGreaterThanOrEqual(expectedDelay - 50);
    expect(fromForm.ms).toBeLessThan(expectedDelay + 10_000);
    const newAddress = new Client(freshAddress());
    const fromApi = await timed(() => signInThroughApi(newAddress, owner.email, PASSWORD));
    expect(fromApi.value.status).toBe(200);
    expect(fromApi.ms).toBeGreaterThanOrEqual(expectedDelay - 50);

    // An address the owner signed in from is known now: not slowed.
    const known = await timed(() => signInThroughApi(new Client(newAddress.address), owner.email, PASSWORD));
    expect(known.value.status).toBe(200);
    expect(known.ms).toBeLessThan(expectedDelay);
  });

  it("refuses one address hammering one account with 429 and Retry-After, and no one else", async () => {
    const owner = await account();
    const attacker = new Client(freshAddress());
    const failures = await Promise.all(
      Array.from({ length: SIGN_IN_THROTTLE.pairFailures }, () =>
        signInThroughApi(attacker, owner.email, "wrong-password-2"),
      ),
    );
    expect(failures.map((response) => response.status)).toEqual(
      Array(SIGN_IN_THROTTLE.pairFailures).fill(401),
    );
    // Refused even with the right password, through either way in.
    const refused = await signInThroughApi(attacker, owner.email, PASSWORD);
    expectRateLimited(refused);
    expect(await refused.json()).toMatchObject({ code: "TOO_MANY_REQUESTS", message: RATE_LIMIT_MESSAGE });
    const refusedForm = await signInThroughForm(attacker, owner.email, PASSWORD);
    expectRateLimited(refusedForm);
    // The same address may still try other accounts, and the owner signs in from elsewhere.
    const other = await account();
    expect((await signInThroughApi(attacker, other.email, PASSWORD)).status).toBe(200);
    expect((await signInThroughApi(new Client(freshAddress()), owner.email, PASSWORD)).status).toBe(200);
  });

  it("refuses one address trying many accounts (credential stuffing) with 429 and Retry-After", async () => {
    const stuffer = new Client(freshAddress());
    for (let batch = 0; batch < SIGN_IN_THROTTLE.addressFailures / 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          signInThroughApi(stuffer, uniqueEmail("stuffed"), "leaked-password-1"),
        ),
      );
      expect(answers.map((response) => response.status)).toEqual(Array(10).fill(401));
    }
    const victim = await account();
    expectRateLimited(await signInThroughApi(stuffer, victim.email, PASSWORD));
    expectRateLimited(await signInThroughForm(stuffer, uniqueEmail("stuffed"), "leaked-password-1"));
    expect((await signInThroughApi(new Client(freshAddress()), victim.email, PASSWORD)).status).toBe(200);
  });

  it("counts failures, not successes: a success clears the pair's count", async () => {
    const owner = await account();
    const client = new Client(freshAddress());
    for (let round = 0; round < 2; round++) {
      const failures = await Promise.all(
        Array.from({ length: SIGN_IN_THROTTLE.pairFailures - 1 }, () =>
          signInThroughApi(client, owner.email, "typo-password-3"),
        ),
      );
      expect(failures.every((response) => response.status === 401)).toBe(true);
      expect((await signInThroughApi(client, owner.email, PASSWORD)).status).toBe(200);
    }
  });
});

/** Fills a limit's window directly, so the next attempt is refused (the limits themselves are tested above). */
async function fill(key: string) {
  await shop.db
    .insert(rateLimits)
    .values({ key, windowStartedAt: sql`now()`, hits: 1_000_000 })
    .onConflictDoUpdate({ target: rateLimits.key, set: { windowStartedAt: sql`now()`, hits: 1_000_000 } });
}

describe("reset and confirmation mails", () => {
  it("a stranger asking from many addresses cannot lock the owner out of a reset, nor flood the mailbox", async () => {
    const owner = await account();
    // Its confirmation mail counts too: every account mail to one address shares the cap.
    const accountMails = () => shop.db.$count(mailOutbox, eq(mailOutbox.to, owner.email));
    for (let attempt = 0; attempt < ACCOUNT_MAIL_CAP.limit + 3; attempt++) {
      const answer = await new Client(freshAddress()).request("/forgot-password", {
        form: { email: owner.email },
      });
      expect(answer.status).toBe(200);
    }
    // The owner, from yet another address, is answered as always: never "too many attempts".
    const fromOwner = await new Client(freshAddress()).request("/forgot-password", {
      form: { email: owner.email },
    });
    expect(fromOwner.status).toBe(200);
    expect(await fromOwner.text()).not.toContain(RATE_LIMIT_MESSAGE);
    // The mailbox got the hour's share and no more; the links in it stay valid.
    expect(await accountMails()).toBe(ACCOUNT_MAIL_CAP.limit);
  });
});

describe("wrong authenticator codes (product rules 15.17)", () => {
  it("count as failed sign-ins: after 10 the code step answers 429 with Retry-After, even for a right code", async () => {
    const owner = await account();
    const { secret } = await enableTwoFactor(owner, shop.db);
    const attacker = new Client(freshAddress());
    const wrongCodes = async () => {
      const password = await signInThroughForm(attacker, owner.email, PASSWORD);
      expect(password.status).toBe(200);
      // better-auth ends a challenge after 5 wrong codes: the password step starts another.
      for (let attempt = 0; attempt < SIGN_IN_THROTTLE.pairFailures / 2; attempt++) {
        const wrong = await attacker.request("/login", {
          form: { intent: "sign-in-code", email: owner.email, code: "000000" },
        });
        expect(wrong.status).toBe(200);
      }
    };
    await wrongCodes();
    await wrongCodes();
    const refused = await attacker.request("/login", {
      form: { intent: "sign-in-code", email: owner.email, code: await totpCode(secret) },
    });
    expectRateLimited(refused);
    // Ten wrong codes in a row also lock the account's code step for 15 minutes (better-auth), from any address:
    // whoever sent them had the password.
    const ownerClient = new Client(freshAddress());
    expect((await signInThroughForm(ownerClient, owner.email, PASSWORD)).status).toBe(200);
    const locked = await ownerClient.request("/login", {
      form: { intent: "sign-in-code", email: owner.email, code: await totpCode(secret) },
    });
    expectRateLimited(locked);
    expect(Number(locked.headers.get("retry-after"))).toBe(15 * 60);
  });
});

describe("rate-limited answers", () => {
  it("answers 429 with Retry-After from every rate-limited form action", async () => {
    const customer = await account();
    const client = new Client(freshAddress());
    const signedIn = new Client(freshAddress());
    await signedIn.signIn(customer.email, PASSWORD);
    const email = uniqueEmail("limited");
    await fill(`sign-in-failures:pair:${client.address}:${email}`);
    await fill(`verify-mail:ip:${client.address}`);
    await fill(`sign-up:ip:${client.address}`);
    await fill(`reset:ip:${client.address}`);
    await fill(`reset:ip:${signedIn.address}`);
    await fill(`newsletter:email:${email}`);
    await fill(`contact:ip:${client.address}`);
    await fill(`ticket:user:${customer.id}`);
    await fill(`deposit:user:${customer.id}`);
    const ticketCategory = TICKET_CATEGORIES.find((category) => category.value !== "order")!.value;
    const forms: [string, Client, Record<string, string>][] = [
      ["/login", client, { intent: "sign-in", email, password: PASSWORD }],
      ["/login", client, { intent: "resend", email }],
      ["/register", client, { email, password: PASSWORD, confirmPassword: PASSWORD }],
      ["/forgot-password", client, { email }],
      ["/admin-login", client, { intent: "sign-in", email, password: PASSWORD }],
      [
        "/admin-login",
        client,
        {
          intent: "create-admin",
          email,
          password: "a-long-admin-password-1",
          confirmPassword: "a-long-admin-password-1",
        },
      ],
      ["/blog", client, { intent: "subscribe", email }],
      [
        "/contact",
        client,
        {
          name: "Rita Limit",
          email,
          subject: "general",
          message: "A question that is long enough to be sent.",
        },
      ],
      [
        "/dashboard",
        signedIn,
        { intent: "create-ticket", category: ticketCategory, subject: "Help", message: "Please help me." },
      ],
      ["/wallet", signedIn, { amount: "10" }],
      ["/profile", signedIn, { intent: "send-reset" }],
    ];
    for (const [path, from, form] of forms) {
      const response = await from.request(path, { form });
      expect({ path, intent: form.intent, status: response.status }).toEqual({
        path,
        intent: form.intent,
        status: 429,
      });
      expect(
        Number(response.headers.get("retry-after")),
        `${path} ${form.intent ?? ""}`,
      ).toBeGreaterThanOrEqual(1);
    }
    // The page's own data request (how the browser submits the form) carries it too.
    expectRateLimited(
      await client.request("/login.data", { form: { intent: "sign-in", email, password: PASSWORD } }),
    );
    // better-auth's own endpoints too.
    expectRateLimited(
      await client.request("/api/auth/sign-up/email", { json: { email, password: PASSWORD, name: "" } }),
    );
    expectRateLimited(await client.request("/api/auth/request-password-reset", { json: { email } }));
  });
});
