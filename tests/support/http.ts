import { eq } from "drizzle-orm";
import { inject } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { mailOutbox, userRoles, users } from "../../app/db/schema.ts";
import { TEST_AUTH_SECRET } from "./constants.ts";
import { enableTwoFactor, signInCodeFor } from "./two-factor.ts";

/**
 * HTTP and browser tests talk to the two app servers of the global setup; this points the test process's db()
 * at the same database so tests can arrange and inspect data directly.
 */
process.env.DATABASE_URL = inject("httpDatabaseUrl");
process.env.AUTH_SECRET = TEST_AUTH_SECRET;
process.env.APP_ENV = "test";

export const [appUrl, secondAppUrl] = inject("appUrls");

let counter = 0;
/** A fresh, unique address, so tests sharing the servers' database never collide. */
export function uniqueEmail(label = "customer"): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}

/** The page's text as a reader sees it: markup and React's text separators removed. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");
}

/** A minimal cookie jar for one visitor. */
export class Visitor {
  private cookies = new Map<string, string>();
  readonly baseUrl: string;
  constructor(baseUrl: string = appUrl) {
    this.baseUrl = baseUrl;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Shares this visitor's cookies with another server (same browser, other app server). */
  on(baseUrl: string): Visitor {
    const other = new Visitor(baseUrl);
    other.cookies = new Map(this.cookies);
    return other;
  }

  /** Drops a cookie, as a browser's user can (a test of what the server does without it). */
  forget(name: string): void {
    this.cookies.delete(name);
  }

  /** Whether this visitor holds a cookie of that name. */
  has(name: string): boolean {
    return this.cookies.has(name);
  }

  private store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /max-age=0/i.test(attribute)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(path: string, init: RequestInit & { form?: Record<string, string>; json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("Cookie", this.cookieHeader());
    let body = init.body;
    if (init.form) {
      body = new URLSearchParams(init.form);
      headers.set("Content-Type", "application/x-www-form-urlencoded");
    }
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers.set("Content-Type", "application/json");
    }
    const method = init.method ?? (body ? "POST" : "GET");
    if (method !== "GET" && method !== "HEAD" && !headers.has("Origin")) headers.set("Origin", this.baseUrl);
    const response = await fetch(new URL(path, this.baseUrl), {
      ...init,
      method,
      headers,
      body,
      redirect: "manual",
    });
    this.store(response);
    return response;
  }

  /**
   * Signs in through better-auth's endpoint, as the login form does; an account with two-factor answers the
   * code step with the code of the key its test set (tests/support/two-factor.ts).
   */
  async signIn(email: string, password: string, init: RequestInit = {}): Promise<void> {
    const response = await this.request("/api/auth/sign-in/email", { ...init, json: { email, password } });
    const text = await response.text();
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${text}`);
    if (!text.includes('"twoFactorRedirect":true')) return;
    const code = await signInCodeFor(email);
    if (!code) throw new Error(`sign-in of ${email} asks for a code and this test set no key`);
    const verified = await this.request("/api/auth/two-factor/verify-totp", { ...init, json: { code } });
    if (!verified.ok) throw new Error(`sign-in code refused: ${verified.status} ${await verified.text()}`);
  }
}

/** Creates a confirmed account through the real sign-up endpoint (the confirmation itself is marked directly). */
export async function createAccount(options: { email?: string; password?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? "correct-horse-9";
  const visitor = new Visitor();
  const response = await visitor.request("/api/auth/sign-up/email", { json: { email, password, name: "" } });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  await db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: user!.id, email, password };
}

/**
 * A confirmed account with a staff role (admin unless told, product rules 15.1) and two-factor on (admin pages
 * require it, product rules 15.14): the sign-in helpers answer its code step. `twoFactor: false` leaves it off,
 * for the tests of that requirement.
 */
export async function createAdminAccount(
  options: {
    email?: string;
    password?: string;
    role?: "owner" | "admin" | "support";
    twoFactor?: boolean;
  } = {},
) {
  const account = await createAccount(options);
  await db()
    .insert(userRoles)
    .values({ userId: account.id, role: options.role ?? "admin" });
  if (options.twoFactor !== false) await enableTwoFactor(account);
  return account;
}

/** A signed-in visitor for a new confirmed account. */
export async function signedInCustomer() {
  const account = await createAccount();
  const visitor = new Visitor();
  await visitor.signIn(account.email, account.password);
  return { ...account, visitor };
}

/** A signed-in visitor for a new staff account (an admin unless told). */
export async function signedInAdmin(options: { email?: string; role?: "owner" | "admin" | "support" } = {}) {
  const account = await createAdminAccount(options);
  const visitor = new Visitor();
  await visitor.signIn(account.email, account.password);
  return { ...account, visitor };
}

/** The newest mail sent to an address (the dev outbox). */
export async function latestMailTo(email: string) {
  const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
}
