/**
 * The request-body policy of every page action, generated from the route table (a new action is covered by
 * itself): a body a page action cannot take is refused with a 4xx and a message, never a 5xx, and writes nothing.
 *   - at the edge: 413 for a body over 64 KB (announced or streamed), 415 for anything but a urlencoded or
 *     multipart form, 400 for a control character in the URL;
 *   - in the action's form reader: 400 for a truncated multipart body, a control character in a text field,
 *     a field the action does not know ("Unknown field: <name>") or a file where text is expected.
 * The actions run on a server and database of their own: the "nothing written" check counts every table's rows,
 * which other test files writing the shared database at the same time would disturb.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect, type Database } from "../../../app/db/client.server.ts";
import { services, userRoles, users } from "../../../app/db/schema.ts";
import { placeAutoOrder } from "../../../app/domain/auto-orders/place-auto-order.server.ts";
import { startDeposit } from "../../../app/domain/payments/start-deposit.server.ts";
import { cents } from "../../../app/domain/pricing/cents.ts";
import { postLedgerEntry } from "../../../app/domain/wallet/post-ledger-entry.server.ts";
import { BODY_LIMIT_BYTES } from "../../../app/lib/request-body.ts";
import { addProviderFromForm } from "../../../app/routes/admin.providers.$providerId/provider-page-actions.server.ts";
import { type FakePanel, startFakePanel } from "../../support/fake-panel.ts";
import { startAppServerOnOwnDatabase } from "../../support/global-setup.ts";
import { uniqueEmail, Visitor, visibleText } from "../../support/http.ts";
import { generatedBody, type RawAnswer, rawRequest } from "../../support/raw-request.ts";
import { actionRoutes, fillPath, routeModules, routeSource } from "../../support/route-table.ts";
import { enableTwoFactor } from "../../support/two-factor.ts";

const PAGE_BODY_LIMIT = 64 * 1024;
// Over every page route's limit: the admin forms' (the larger) and so the storefront's too.
const OVERSIZED = BODY_LIMIT_BYTES.adminForm + 1024;
const REQUEST_TIMEOUT_MS = 20_000;
const UNKNOWN_FIELD = "zz_unknown_field";

/** Paths with a protocol of their own (signed webhooks, the auth API, analytics beacons): not page actions. */
const isPageAction = (path: string) =>
  !path.startsWith("/api/auth/") && !path.startsWith("/api/webhooks/") && path !== "/api/events";

const PAGE_ACTIONS = actionRoutes().filter(({ path }) => isPageAction(path));

/** Admin lists searchable with ?q= (their loaders read it). */
const SEARCHABLE_ADMIN_LISTS = routeModules()
  .filter(({ path }) => path.startsWith("/admin"))
  .filter(({ file }) => /query\.q\b|get\("q"\)/.test(routeSource(file)))
  .map(({ path }) => path);

/**
 * A form each action normally takes (valid where that was cheap to build), and one of its text fields: the
 * cases below change only that field or add one field, so the refusal is about what the case sends. An action
 * without an entry is still covered, with an empty form and an unknown text field.
 */
type BaseForm = { form: (ids: Ids) => Record<string, string>; text: string };
const BASE_FORMS: Record<string, BaseForm> = {
  "routes/admin._index/route.tsx": {
    form: () => ({ intent: "dismiss-alert", alertId: "1" }),
    text: "alertId",
  },
  "routes/admin.payments.manual/route.tsx": {
    form: () => ({ intent: "reject-claim", depositId: randomUUID(), reason: "Not received" }),
    text: "reason",
  },
  "routes/admin.payments.review/route.tsx": {
    form: () => ({ intent: "mark-reviewed", eventId: "evt_body_policy", note: "Looked at it" }),
    text: "note",
  },
  "routes/_shop.automatic-order/route.tsx": {
    form: (ids) => ({
      serviceId: ids.autoLikesServiceId,
      username: "body.policy",
      perPost: "100",
      posts: "10",
      idempotencyKey: randomUUID(),
    }),
    text: "username",
  },
  "routes/_shop.blog._index/route.tsx": {
    form: () => ({ intent: "subscribe", email: uniqueEmail("newsletter") }),
    text: "email",
  },
  "routes/_shop.contact/route.tsx": {
    form: () => ({
      name: "Body Policy",
      email: uniqueEmail("contact"),
      subject: "A question",
      message: "Hello, is my order on its way?",
    }),
    text: "message",
  },
  "routes/_shop.dashboard/route.tsx": {
    form: () => ({ intent: "create-ticket", category: "order", subject: "Late order", message: "Hello" }),
    text: "message",
  },
  "routes/_shop.forgot-password/route.tsx": { form: () => ({ email: uniqueEmail("forgot") }), text: "email" },
  "routes/_shop.free-trial/route.tsx": {
    form: () => ({ trial: "likes", targetLink: "https://www.instagram.com/p/BodyPolicy/" }),
    text: "targetLink",
  },
  "routes/_shop.login/route.tsx": {
    form: (ids) => ({ intent: "sign-in", email: ids.customerEmail, password: "correct-horse-9" }),
    text: "email",
  },
  "routes/_shop.mass-order/route.tsx": {
    form: () => ({ intent: "preview", paste: "1 | https://www.instagram.com/p/BodyPolicy/ | 100" }),
    text: "paste",
  },
  "routes/_shop.order.$packageId/route.tsx": {
    form: (ids) => ({
      serviceId: ids.packageId,
      targetLink: "https://www.instagram.com/body_policy/",
      quantity: "100",
      deliverySpeed: "normal",
      idempotencyKey: randomUUID(),
    }),
    text: "targetLink",
  },
  "routes/_shop.order.instagram.$serviceType/route.tsx": {
    form: () => ({
      username: "body.policy",
      perPost: "100",
      posts: "10",
      deliverySpeed: "normal",
      idempotencyKey: randomUUID(),
    }),
    text: "username",
  },
  "routes/_shop.order.real-instagram-likes/route.tsx": {
    form: () => ({
      packCode: "small",
      targetLink: "https://www.instagram.com/p/BodyPolicy/",
      deliverySpeed: "normal",
      idempotencyKey: randomUUID(),
    }),
    text: "targetLink",
  },
  "routes/_shop.orders/route.tsx": {
    form: () => ({ intent: "cancel", orderId: randomUUID() }),
    text: "orderId",
  },
  "routes/_shop.profile/route.tsx": {
    form: () => ({
      intent: "change-password",
      currentPassword: "not-the-password-1",
      newPassword: "another-horse-10",
      confirmPassword: "another-horse-10",
    }),
    text: "currentPassword",
  },
  "routes/_shop.quick-order/route.tsx": {
    form: (ids) => ({
      serviceId: ids.packageId,
      targetLink: "https://www.instagram.com/body_policy/",
      quantity: "100",
      idempotencyKey: randomUUID(),
    }),
    text: "targetLink",
  },
  "routes/_shop.register/route.tsx": {
    form: () => ({
      intent: "register",
      email: uniqueEmail("register"),
      password: "correct-horse-9",
      confirmPassword: "correct-horse-9",
    }),
    text: "email",
  },
  "routes/_shop.reset-password/route.tsx": {
    form: () => ({ token: "not-a-token", password: "correct-horse-9", confirmPassword: "correct-horse-9" }),
    text: "token",
  },
  "routes/_shop.wallet/route.tsx": { form: () => ({ amount: "25" }), text: "amount" },
  "routes/wallet.manual-deposit/route.ts": {
    form: () => ({ methodId: randomUUID(), amount: "25", reference: "BODY-POLICY" }),
    text: "reference",
  },
  "routes/_shop.affiliate.dashboard/route.tsx": {
    form: () => ({ intent: "request-payout" }),
    text: "intent",
  },
  "routes/admin-login/route.tsx": {
    form: (ids) => ({ intent: "sign-in", email: ids.adminEmail, password: "correct-horse-9" }),
    text: "email",
  },
  "routes/admin.auto-orders/route.tsx": {
    form: (ids) => ({ intent: "set-status", autoOrderId: ids.autoOrderId, status: "paused" }),
    text: "autoOrderId",
  },
  "routes/admin.banner/route.tsx": {
    form: () => ({ text: "Body policy banner", type: "info", enabled: "on" }),
    text: "text",
  },
  "routes/admin.blog/route.tsx": {
    form: () => ({
      intent: "create",
      title: "Body policy",
      slug: `body-policy-${randomUUID().slice(0, 8)}`,
      excerpt: "",
      content: "Hello",
      category: "instagram",
      author: "Boostly",
    }),
    text: "title",
  },
  "routes/admin.manual-order/route.tsx": {
    form: (ids) => ({
      userId: ids.customerId,
      serviceId: ids.packageId,
      quantity: "100",
      target: "https://www.instagram.com/body_policy/",
      deliverySpeed: "normal",
      adminNotes: "",
      idempotencyKey: randomUUID(),
    }),
    text: "target",
  },
  "routes/admin.manual-work/route.tsx": {
    form: () => ({ intent: "set-status", orderId: randomUUID(), status: "completed" }),
    text: "orderId",
  },
  "routes/admin.orders/route.tsx": {
    form: () => ({ intent: "set-status", orderId: randomUUID(), status: "completed" }),
    text: "orderId",
  },
  "routes/admin.orders.$orderId/route.tsx": {
    form: () => ({ intent: "preview-override", orderId: randomUUID(), status: "completed" }),
    text: "orderId",
  },
  "routes/admin.users._index/route.tsx": {
    form: (ids) => ({
      intent: "bulk-preview",
      direction: "credit",
      kind: "goodwill",
      amount: "1.00",
      reason: "Body policy",
      ids: ids.customerId,
    }),
    text: "reason",
  },
  "routes/admin.affiliate-payouts/route.tsx": {
    form: () => ({ intent: "reject", payoutId: randomUUID(), reason: "Body policy" }),
    text: "reason",
  },
  "routes/admin.users.$userId/route.tsx": {
    form: () => ({ intent: "set-status", orderId: randomUUID(), status: "completed" }),
    text: "orderId",
  },
  "routes/admin.view-as/route.ts": {
    form: (ids) => ({ intent: "start", customerId: ids.customerId }),
    text: "customerId",
  },
  "routes/admin.providers._index/route.tsx": {
    form: () => ({
      intent: "add",
      name: "Body policy panel",
      apiUrl: "http://127.0.0.1:9/api/v2",
      apiKey: "k",
    }),
    text: "name",
  },
  "routes/admin.platforms/route.tsx": {
    form: () => ({ intent: "add-category", slug: "instagram", name: "Body policy category", sortOrder: "1" }),
    text: "name",
  },
  "routes/admin.providers.$providerId/route.tsx": {
    form: () => ({ intent: "save", name: "Body policy panel", apiUrl: "http://127.0.0.1:9/api/v2" }),
    text: "name",
  },
  "routes/admin.services/route.tsx": {
    form: () => ({
      intent: "create",
      name: "Body policy service",
      platform: "instagram",
      serviceType: "one_time",
    }),
    text: "name",
  },
  // Saved off: the servers are shared, and a gateway turned on would show on other tests' wallets.
  "routes/admin.payments/route.tsx": {
    form: () => ({
      intent: "save",
      gateway: "btcpay",
      storeId: "body-policy",
      feePercent: "0",
      feeFixed: "0",
    }),
    text: "storeId",
  },
  "routes/admin.settings/route.tsx": {
    form: () => ({ intent: "shop", minDepositCents: "10", maxDepositCents: "10000", newUserBonusCents: "0" }),
    text: "minDepositCents",
  },
  "routes/admin.staff/route.tsx": {
    form: (ids) => ({ email: ids.customerEmail, role: "none" }),
    text: "email",
  },
  "routes/admin.tickets/route.tsx": {
    form: () => ({ intent: "answer", ticketId: randomUUID(), status: "completed", response: "Hi" }),
    text: "response",
  },
  "routes/auto-orders.$autoOrderId/route.ts": { form: () => ({ intent: "pause" }), text: "returnTo" },
  "routes/logout/route.tsx": { form: () => ({ redirectTo: "/" }), text: "redirectTo" },
  "routes/sandbox-checkout.$depositId/route.tsx": { form: () => ({ intent: "decline" }), text: "intent" },
};
const UNLISTED_FORM: BaseForm = { form: () => ({}), text: UNKNOWN_FIELD };

type Ids = {
  customerId: string;
  customerEmail: string;
  adminEmail: string;
  autoOrderId: string;
  autoLikesServiceId: string;
  packageId: string;
};

type Case = {
  name: string;
  /** The status the policy gives. */
  status: 413 | 415 | 400;
  /** The answer names what was refused. */
  says?: string;
  request(
    form: Record<string, string>,
    text: string,
  ): { contentType?: string; body: Buffer; chunked?: boolean };
};

const urlencoded = (form: Record<string, string>) => Buffer.from(new URLSearchParams(form).toString());
const BOUNDARY = "----BoostlyBodyPolicy7MA4YWxkTrZu0gW";
const part = (name: string, value: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: text/plain` : ""}\r\n\r\n${value}\r\n`;

const CASES: Case[] = [
  {
    name: "a JSON body",
    status: 415,
    request: (form) => ({ contentType: "application/json", body: Buffer.from(JSON.stringify(form)) }),
  },
  {
    name: "a text/plain body",
    status: 415,
    request: (form) => ({ contentType: "text/plain;charset=UTF-8", body: urlencoded(form) }),
  },
  { name: "a body without a type", status: 415, request: (form) => ({ body: urlencoded(form) }) },
  {
    name: "a multipart body whose boundary never closes",
    status: 400,
    request: (_form, text) => ({
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${text}"\r\n\r\nhello`),
    }),
  },
  {
    name: "a NUL byte in a text field",
    status: 400,
    request: (form, text) => ({
      contentType: "application/x-www-form-urlencoded",
      body: urlencoded({ ...form, [text]: "body\u0000policy" }),
    }),
  },
  {
    name: "a control character in a text field",
    status: 400,
    request: (form, text) => ({
      contentType: "application/x-www-form-urlencoded",
      body: urlencoded({ ...form, [text]: "body\u001bpolicy" }),
    }),
  },
  {
    name: "a field the action does not know",
    status: 400,
    says: `Unknown field: ${UNKNOWN_FIELD}`,
    request: (form) => ({
      contentType: "application/x-www-form-urlencoded",
      body: urlencoded({ ...form, [UNKNOWN_FIELD]: "1" }),
    }),
  },
  {
    name: "a file where text is expected",
    status: 400,
    request: (form, text) => ({
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: Buffer.from(
        `${Object.entries({ ...form, [text]: "hello" })
          .map(([name, value]) => (name === text ? part(name, value, "note.txt") : part(name, value)))
          .join("")}--${BOUNDARY}--\r\n`,
      ),
    }),
  },
  {
    name: "a form over the limit with its length announced",
    status: 413,
    request: (form, text) => ({
      contentType: "application/x-www-form-urlencoded",
      body: urlencoded({ ...form, [text]: "x".repeat(OVERSIZED) }),
    }),
  },
  {
    name: "a form over the limit sent chunked",
    status: 413,
    request: (form, text) => ({
      contentType: "application/x-www-form-urlencoded",
      body: urlencoded({ ...form, [text]: "x".repeat(OVERSIZED) }),
      chunked: true,
    }),
  },
];

let shop: { url: string; db: Database; pool: pg.Pool; end(): Promise<void>; stop(): Promise<void> };
let ids: Ids & { depositId: string; providerId: string };
let panel: FakePanel | undefined;
const PASSWORD = "correct-horse-9";

beforeAll(async () => {
  const server = await startAppServerOnOwnDatabase({
    pgServerUrl: inject("pgServerUrl"),
    databaseName: "boostly_body_policy",
  });
  const connection = connect(server.databaseUrl, 4);
  shop = {
    url: server.appUrl,
    db: connection.db,
    pool: connection.pool,
    end: () => connection.pool.end(),
    stop: server.stop,
  };

  const customer = await createAccount();
  const admin = await createAccount();
  // An owner: every admin action is open to it, /admin/staff's too (product rules 15.2).
  await shop.db.insert(userRoles).values({ userId: admin.id, role: "owner" });
  // Admin pages open only with two-factor (product rules 15.14): its sign-ins answer the code step.
  await enableTwoFactor(admin, shop.db);
  const funded = await shop.db.transaction((tx) =>
    postLedgerEntry(tx, {
      userId: customer.id,
      type: "adjustment",
      amountCents: cents(5_000),
      metadata: { reason: "test funding" },
    }),
  );
  if (!funded.posted) throw new Error("funding failed");
  const autoLikesServiceId = await serviceIdBySlug("instagram-auto-likes");
  const autoOrder = await placeAutoOrder(shop.db, {
    userId: customer.id,
    serviceId: autoLikesServiceId,
    username: "body.policy",
    perPost: 100,
    posts: 10,
    deliverySpeed: "normal",
  });
  if (!autoOrder.ok) throw new Error(autoOrder.message);
  const deposit = await startDeposit(shop.db, { userId: customer.id, amountCents: cents(2_500) });
  if (!deposit.ok) throw new Error(`deposit not started: ${deposit.message}`);
  // A panel that accepts the key: a provider is saved only once its panel answers `balance` (rules 14.10).
  panel = await startFakePanel(() => ({ status: 200, body: { balance: "1.00", currency: "USD" } }));
  const provider = await addProviderFromForm(shop.db, {
    adminId: admin.id,
    form: { name: "Body policy panel", apiUrl: panel.url, apiKey: "body-policy-key" },
  });
  if (!provider.ok) throw new Error(provider.message);
  ids = {
    customerId: customer.id,
    customerEmail: customer.email,
    adminEmail: admin.email,
    autoOrderId: autoOrder.autoOrder.id,
    autoLikesServiceId,
    packageId: await serviceIdBySlug("instagram-followers"),
    depositId: deposit.depositId,
    providerId: provider.providerId,
  };
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  await shop?.end();
  await panel?.close();
});

/** A confirmed account through the shop's sign-up endpoint (the confirmation is marked directly). */
async function createAccount() {
  const email = uniqueEmail("body-policy");
  const response = await new Visitor(shop.url).request("/api/auth/sign-up/email", {
    json: { email, password: PASSWORD, name: "" },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const [user] = await shop.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return { id: user!.id, email };
}

/**
 * A live session for each case, for an account (each case gets its own: a case may end the one it was sent
 * with). Signing in costs the server a password hash, so a session still live after an action's cases is used
 * again by the next action's; one a case ended is replaced.
 */
const sessions = new Map<string, Visitor[]>();
async function sessionsFor(email: string, count: number): Promise<Visitor[]> {
  const kept = sessions.get(email) ?? [];
  const live = await Promise.all(
    kept.map(async (visitor) => {
      const response = await visitor.request("/api/auth/get-session", {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const session = response.ok ? ((await response.json()) as { user?: { email?: string } } | null) : null;
      return session?.user?.email === email ? visitor : signedIn(email);
    }),
  );
  while (live.length < count) live.push(await signedIn(email));
  sessions.set(email, live);
  return live.slice(0, count);
}

/** A new session for an account. */
async function signedIn(email: string): Promise<Visitor> {
  const visitor = new Visitor(shop.url);
  await visitor.signIn(email, PASSWORD, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return visitor;
}

async function serviceIdBySlug(slug: string) {
  const [row] = await shop.db.select({ id: services.id }).from(services).where(eq(services.slug, slug));
  if (!row) throw new Error(`no seeded service ${slug}`);
  return row.id;
}

/** Tables a refused request may still touch: sessions and rate limits (signing in, counting), analytics. */
const UNCOUNTED_TABLES = ["rate_limits", "sessions", "verifications", "analytics_events"];

/** The number of rows of every table of the shop's database (its own schema: not pg-boss's). */
async function rowCounts(): Promise<Record<string, number>> {
  const { rows: tables } = await shop.pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' and not (table_name = any($1)) order by 1`,
    [UNCOUNTED_TABLES],
  );
  const { rows } = await shop.pool.query<{ name: string; count: number }>(
    tables
      .map(({ name }) => `select '${name}' as name, count(*)::int as count from public."${name}"`)
      .join(" union all "),
  );
  return Object.fromEntries(rows.map(({ name, count }) => [name, count]));
}

function changedTables(before: Record<string, number>, after: Record<string, number>) {
  return Object.fromEntries(
    Object.keys({ ...before, ...after })
      .filter((name) => before[name] !== after[name])
      .map((name) => [name, `${before[name] ?? 0} -> ${after[name] ?? 0}`]),
  );
}

/** What the answer tells a reader: a plain-text body, or the visible text of an HTML page. */
function messageOf(answer: RawAnswer): string {
  return (/html/i.test(answer.contentType) ? visibleText(answer.text) : answer.text).trim();
}

function describeAnswer(answer: RawAnswer): string {
  if (answer.error) return `no answer (${answer.error})`;
  return `${answer.status} ${answer.contentType}: ${messageOf(answer).slice(0, 160)}`;
}

function send(path: string, visitor: Visitor, request: ReturnType<Case["request"]>) {
  const headers: Record<string, string> = { Origin: shop.url, Cookie: visitor.cookieHeader() };
  if (request.contentType) headers["Content-Type"] = request.contentType;
  if (!request.chunked) headers["Content-Length"] = String(request.body.length);
  // A chunked body arrives in pieces, as a browser or proxy would stream it.
  const chunks = request.chunked
    ? Array.from({ length: Math.ceil(request.body.length / 16_384) }, (_, index) =>
        request.body.subarray(index * 16_384, (index + 1) * 16_384),
      )
    : [request.body];
  return rawRequest(new URL(path, shop.url).toString(), {
    headers,
    body: chunks,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
}

function fill() {
  return {
    platform: "instagram",
    serviceType: "auto-likes",
    packageId: ids.packageId,
    autoOrderId: ids.autoOrderId,
    depositId: ids.depositId,
    userId: ids.customerId,
    providerId: ids.providerId,
    orderId: randomUUID(),
  };
}

describe("every page action refuses a body it cannot take", () => {
  it("finds the page actions in the route table", () => {
    const paths = PAGE_ACTIONS.map(({ path }) => path);
    expect(paths).toEqual(
      expect.arrayContaining(["/login", "/contact", "/admin/orders", "/auto-orders/:autoOrderId", "/logout"]),
    );
    expect(paths).not.toContain("/api/webhooks/:provider");
    expect(SEARCHABLE_ADMIN_LISTS).toEqual(expect.arrayContaining(["/admin/orders", "/admin/users"]));
  });

  it.each(PAGE_ACTIONS)(
    "POST $path ($file): 4xx with a message for each case, nothing written",
    async ({ path, file }) => {
      const url = fillPath(path, fill());
      const email = path === "/admin" || path.startsWith("/admin/") ? ids.adminEmail : ids.customerEmail;
      const base = BASE_FORMS[file] ?? UNLISTED_FORM;
      const visitors = await sessionsFor(email, CASES.length);
      const before = await rowCounts();
      const answers = await Promise.all(
        CASES.map((testCase, index) =>
          send(url, visitors[index]!, testCase.request(base.form(ids), base.text)),
        ),
      );
      const after = await rowCounts();
      CASES.forEach((testCase, index) => {
        const answer = answers[index]!;
        const seen = `${testCase.name} -> ${describeAnswer(answer)}`;
        expect.soft(answer.status, seen).toBe(testCase.status);
        expect.soft(messageOf(answer), seen).not.toBe("");
        if (testCase.says) expect.soft(messageOf(answer), seen).toContain(testCase.says);
      });
      expect(changedTables(before, after), "rows written by refused requests").toEqual({});
    },
    90_000,
  );
});

describe("the page body limit is 64 KB", () => {
  /** The contact form, padded in its message field to exactly `size` bytes. */
  function contactFormOf(size: number) {
    const form = BASE_FORMS["routes/_shop.contact/route.tsx"]!.form(ids);
    const head = urlencoded({ ...form, message: "" }).length;
    return urlencoded({ ...form, message: "x".repeat(size - head) });
  }

  it("takes a form of exactly 64 KB and refuses one byte more, announced or streamed", async () => {
    const visitor = await signedIn(ids.customerEmail);
    const atLimit = contactFormOf(PAGE_BODY_LIMIT);
    const overLimit = contactFormOf(PAGE_BODY_LIMIT + 1);
    expect(atLimit.length).toBe(PAGE_BODY_LIMIT);
    const type = "application/x-www-form-urlencoded";
    const answers = {
      atLimit: await send("/contact", visitor, { contentType: type, body: atLimit }),
      atLimitChunked: await send("/contact", visitor, { contentType: type, body: atLimit, chunked: true }),
      overLimit: await send("/contact", visitor, { contentType: type, body: overLimit }),
      overLimitChunked: await send("/contact", visitor, {
        contentType: type,
        body: overLimit,
        chunked: true,
      }),
    };
    // At the limit the contact form reads the message and answers its own refusal (too long): not the edge's 413.
    const expected = { atLimit: 200, atLimitChunked: 200, overLimit: 413, overLimitChunked: 413 };
    for (const [name, answer] of Object.entries(answers))
      expect
        .soft(answer.status, `${name} -> ${describeAnswer(answer)}`)
        .toBe(expected[name as keyof typeof expected]);
    expect(messageOf(answers.overLimit)).not.toBe("");
  });
});

describe("a control character in the URL answers 400", () => {
  const searches = () => SEARCHABLE_ADMIN_LISTS.flatMap((path) => [`${path}?q=%00`, `${path}?q=a%01b`]);

  it("on every searchable admin list", async () => {
    const visitor = await signedIn(ids.adminEmail);
    for (const path of searches()) {
      const answer = await rawRequest(new URL(path, shop.url).toString(), {
        method: "GET",
        headers: { Cookie: visitor.cookieHeader() },
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
      expect.soft(answer.status, `GET ${path} -> ${describeAnswer(answer)}`).toBe(400);
      expect.soft(messageOf(answer), `GET ${path} -> ${describeAnswer(answer)}`).not.toBe("");
    }
  });

  it("in a page's path or query, and in a page action's query", async () => {
    const visitor = await signedIn(ids.customerEmail);
    const requests: [string, string][] = [
      ["GET", "/services/insta%00gram"],
      ["GET", "/blog?page=%00"],
      ["GET", "/help/ordering%07"],
      ["POST", "/contact?x=%00"],
    ];
    for (const [method, path] of requests) {
      const answer = await rawRequest(new URL(path, shop.url).toString(), {
        method,
        headers: {
          Cookie: visitor.cookieHeader(),
          ...(method === "POST"
            ? { Origin: shop.url, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "0" }
            : {}),
        },
        body: [],
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
      expect.soft(answer.status, `${method} ${path} -> ${describeAnswer(answer)}`).toBe(400);
      expect.soft(messageOf(answer), `${method} ${path} -> ${describeAnswer(answer)}`).not.toBe("");
    }
  });
});

describe("the other protocols keep their own limits", () => {
  it("refuses a webhook over 1 MB with 413 and an API request over 16 KB with 413", async () => {
    const webhook = await rawRequest(new URL("/api/webhooks/sandbox", shop.url).toString(), {
      headers: { "Content-Type": "application/json", "Content-Length": String(1024 * 1024 + 1) },
      body: generatedBody('{"padding":"', 1024 * 1024 + 1),
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    const api = await rawRequest(new URL("/api/v2", shop.url).toString(), {
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(16 * 1024 + 1),
      },
      body: generatedBody("key=k&action=balance&padding=", 16 * 1024 + 1),
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    expect.soft(webhook.status, `webhook -> ${describeAnswer(webhook)}`).toBe(413);
    expect.soft(api.status, `API -> ${describeAnswer(api)}`).toBe(413);
  });
});
