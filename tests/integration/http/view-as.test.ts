import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { adminAuditLog, orders, staffViews } from "../../../app/db/schema.ts";
import { VIEWING_COOKIE } from "../../../app/domain/accounts/view-as.server.ts";
import { VIEW_AS_TEXT } from "../../../app/domain/accounts/view-as-text.ts";
import { balanceOf, fundWallet, serviceBySlug } from "../../support/factories.ts";
import {
  createAdminAccount,
  signedInAdmin,
  signedInCustomer,
  Visitor,
  visibleText,
} from "../../support/http.ts";
import { redirectToast } from "../../support/redirect-toast.ts";
import { actionRoutes, fillPath } from "../../support/route-table.ts";

// Viewing the storefront as a customer (product rules 15.31-15.34, docs/decisions/054-view-as-customer.md). The
// browser journey (tests/e2e/view-as.test.ts) keeps what only a browser shows: the button, the banner's way back.

/** A customer with $123.45 and an API key named so the pages can be told apart. */
async function customerWithMoney() {
  const customer = await signedInCustomer();
  await fundWallet(customer.id, 12_345);
  const key = await customer.visitor.request("/profile", {
    form: { intent: "create-api-key", name: "Reseller key" },
  });
  expect(key.status).toBe(200);
  return customer;
}

/** Starts viewing `customerId` as `staff`; the answer. */
function startViewing(staff: Visitor, customerId: string) {
  return staff.request("/admin/view-as", { form: { intent: "start", customerId } });
}

async function auditRows(staffId: string, customerId: string) {
  return db()
    .select({ action: adminAuditLog.action, details: adminAuditLog.details })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.adminId, staffId), eq(adminAuditLog.subjectId, customerId)))
    .orderBy(adminAuditLog.id);
}

/**
 * Everything stored about these accounts: every row of every table with a user_id column (found in the schema, so
 * a table added later is covered), the accounts' own rows, their mail and their view. Sessions are counted, not
 * compared (a page read may slide their expiry).
 */
async function traceOf(ids: string[], emails: string[]): Promise<string> {
  const tables = await db().execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'user_id' and table_name <> 'sessions'
    order by table_name`);
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await db().execute<{ rows: string | null }>(sql`
      select string_agg(t::text, '|' order by t::text) as rows from ${sql.identifier(table_name)} t
      where t.user_id::text in ${ids}`);
    parts.push(`${table_name}: ${rows.rows[0]?.rows ?? ""}`);
  }
  const own = await db().execute<{ trace: string }>(sql`
    select concat_ws(' / ',
      (select string_agg(u::text, '|' order by u::text) from users u where u.id::text in ${ids}),
      (select count(*) from sessions s where s.user_id::text in ${ids}),
      (select count(*) from mail_outbox m where m."to" in ${emails}),
      (select count(*) from admin_audit_log a where a.subject_id in ${ids}),
      (select string_agg(v::text, '|' order by v::text) from staff_views v where v.customer_id::text in ${ids}))
      as trace`);
  return [...parts, own.rows[0]?.trace ?? ""].join("\n");
}

/** The first balance event of /api/live for this visitor: whose balance its page follows. */
async function liveBalance(visitor: Visitor): Promise<unknown> {
  const abort = new AbortController();
  const response = await visitor.request("/api/live", {
    signal: abort.signal,
    headers: { Accept: "text/event-stream" },
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const match = /event: balance\ndata: (.*)\n\n/.exec(buffer);
      if (match) return JSON.parse(match[1]!);
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended before its first balance");
      buffer += value;
    }
  } finally {
    abort.abort();
  }
}

/** Every storefront action of the route table (the admin's are the staff member's own; webhooks have no session). */
const STOREFRONT_ACTIONS = actionRoutes()
  .map(({ path }) => path)
  .filter((path) => !(path === "/admin" || path.startsWith("/admin/") || path.startsWith("/api/webhooks/")));

/** better-auth's endpoints a signed-in page may post to, in place of its splat route. */
const AUTH_ENDPOINTS = [
  "/api/auth/change-password",
  "/api/auth/update-user",
  "/api/auth/revoke-sessions",
  "/api/auth/two-factor/disable",
  "/api/auth/sign-out",
];

const FILL = {
  autoOrderId: randomUUID(),
  depositId: randomUUID(),
  packageId: "instagram-likes",
  serviceType: "likes",
};

/** A body that would change something if the request were let through as the customer. */
function bodyFor(path: string, likesId: string): { form?: Record<string, string>; json?: unknown } {
  const link = `https://www.instagram.com/p/ViewAs${randomUUID().slice(0, 8)}/`;
  const order = { serviceId: likesId, targetLink: link, quantity: "1000", idempotencyKey: randomUUID() };
  const forms: Record<string, Record<string, string>> = {
    "/quick-order": order,
    "/order/:packageId": order,
    "/wallet": { amount: "25" },
    "/profile": { intent: "create-api-key", name: "Made while viewing" },
    "/dashboard": {
      intent: "create-ticket",
      category: "order",
      subject: "Viewing",
      message: "Made while viewing",
    },
    "/contact": {
      name: "Viewer",
      email: "viewer@example.test",
      subject: "Hello",
      message: "Made while viewing",
    },
    "/auto-orders/:autoOrderId": { intent: "cancel" },
  };
  if (path.startsWith("/api/auth/")) return { json: { name: "Renamed while viewing", currentPassword: "x" } };
  if (path === "/api/events") return { json: { type: "page_view", path: "/wallet" } };
  return { form: forms[path] ?? { intent: "probe" } };
}

/** The storefront's action URLs: the route table's, better-auth's in place of its splat. */
function actionUrls(): { route: string; url: string }[] {
  return STOREFRONT_ACTIONS.flatMap((route) =>
    route === "/api/auth/*"
      ? AUTH_ENDPOINTS.map((url) => ({ route: url, url }))
      : [{ route, url: fillPath(route, FILL) }],
  );
}

describe("staff view the storefront as a customer (product rules 15.31, 15.32)", () => {
  it("shows support the customer's dashboard, wallet, orders and profile with the banner; the admin stays theirs", async () => {
    const customer = await customerWithMoney();
    const support = await signedInAdmin({ role: "support" });
    const started = await startViewing(support.visitor, customer.id);
    const { location, toast } = await redirectToast(support.visitor, started);
    expect(location).toBe("/dashboard");
    expect(toast?.description).toBe(VIEW_AS_TEXT.started(customer.email));
    expect(support.visitor.has(VIEWING_COOKIE)).toBe(true);

    for (const path of ["/dashboard", "/wallet", "/orders", "/profile", "/quick-order"]) {
      const page = await support.visitor.request(path);
      expect(page.status, path).toBe(200);
      const text = visibleText(await page.text());
      expect(text, path).toContain(VIEW_AS_TEXT.banner(customer.email));
      expect(text, path).toContain(VIEW_AS_TEXT.returnToAdmin);
      expect(text, path).not.toContain(support.email);
    }
    const wallet = visibleText(await (await support.visitor.request("/wallet")).text());
    expect(wallet).toContain("$123.45");
    // The customer's key is listed, its secret never: only its name and prefix are stored to show.
    const profile = visibleText(await (await support.visitor.request("/profile")).text());
    expect(profile).toContain("Reseller key");

    const admin = await support.visitor.request("/admin/users");
    expect(admin.status).toBe(200);
    const adminText = visibleText(await admin.text());
    expect(adminText).not.toContain(VIEW_AS_TEXT.returnToAdmin);
    expect(adminText).toContain(support.email);

    // The customer's own pages show no banner, the staff member's own dashboard is never served to them.
    const own = visibleText(await (await customer.visitor.request("/dashboard")).text());
    expect(own).not.toContain(VIEW_AS_TEXT.banner(customer.email));

    const rows = await auditRows(support.id, customer.id);
    expect(rows.map((row) => row.action)).toEqual(["user.view_as"]);
    expect(rows[0]?.details).toMatchObject({ customerEmail: customer.email });
  });

  it("ends with Return to admin: audited, back on the customer's admin page, the storefront the staff member's own", async () => {
    const customer = await customerWithMoney();
    const admin = await signedInAdmin({ role: "admin" });
    await startViewing(admin.visitor, customer.id);
    const ended = await admin.visitor.request("/admin/view-as", { form: { intent: "end" } });
    const { location, toast } = await redirectToast(admin.visitor, ended);
    expect(location).toBe(`/admin/users/${customer.id}`);
    expect(toast?.description).toBe(VIEW_AS_TEXT.ended);
    expect(admin.visitor.has(VIEWING_COOKIE)).toBe(false);
    const dashboard = visibleText(await (await admin.visitor.request("/dashboard")).text());
    expect(dashboard).not.toContain(customer.email);
    expect(dashboard).not.toContain("$123.45");
    expect((await auditRows(admin.id, customer.id)).map((row) => row.action)).toEqual([
      "user.view_as",
      "user.view_as_end",
    ]);
    expect(await db().select().from(staffViews).where(eq(staffViews.customerId, customer.id))).toEqual([]);
  });

  it("ends when it expires and when the staff member signs out", async () => {
    const customer = await customerWithMoney();
    const admin = await signedInAdmin({ role: "owner" });
    await startViewing(admin.visitor, customer.id);
    await db()
      .update(staffViews)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffViews.customerId, customer.id));
    const expired = visibleText(await (await admin.visitor.request("/dashboard")).text());
    expect(expired).not.toContain(VIEW_AS_TEXT.banner(customer.email));
    expect(expired).not.toContain("$123.45");
    // Once over, the staff member's changes are their own again: a key of their own, none of the customer's.
    const own = await admin.visitor.request("/profile", {
      form: { intent: "create-api-key", name: "Owner key" },
    });
    expect(own.status).toBe(200);
    expect(visibleText(await (await customer.visitor.request("/profile")).text())).not.toContain("Owner key");
    expect(visibleText(await (await admin.visitor.request("/profile")).text())).toContain("Owner key");

    await startViewing(admin.visitor, customer.id);
    const signedOut = await admin.visitor.request("/logout", { form: {} });
    expect(signedOut.status).toBe(302);
    expect(await db().select().from(staffViews).where(eq(staffViews.customerId, customer.id))).toEqual([]);
    const actions = (await auditRows(admin.id, customer.id)).map((row) => row.action);
    // The expired view's end is recorded when the next one replaces it; the sign-out's before the session goes.
    expect(actions).toEqual(["user.view_as", "user.view_as_end", "user.view_as", "user.view_as_end"]);
  });

  it("stops showing the customer once the staff session is past its staff length or the role is taken away", async () => {
    const customer = await customerWithMoney();
    const admin = await signedInAdmin({ role: "admin" });
    await startViewing(admin.visitor, customer.id);
    const viewing = () =>
      admin.visitor
        .request("/wallet")
        .then((page) => page.text())
        .then((html) => visibleText(html).includes(VIEW_AS_TEXT.banner(customer.email)));
    expect(await viewing()).toBe(true);
    // Product rules 15.16: past STAFF_SESSION_HOURS (12 in tests) the session opens no admin, and views nobody.
    await db().execute(
      sql`update sessions set created_at = now() - interval '13 hours' where user_id = ${admin.id}`,
    );
    expect(await viewing()).toBe(false);
    await db().execute(sql`update sessions set created_at = now() where user_id = ${admin.id}`);
    expect(await viewing()).toBe(true);
    await db().execute(sql`delete from user_roles where user_id = ${admin.id}`);
    expect(await viewing()).toBe(false);
  });

  it("views only customers, and only staff start it", async () => {
    const customer = await customerWithMoney();
    const owner = await signedInAdmin({ role: "owner" });
    const colleague = await createAdminAccount({ role: "admin" });
    const before = await traceOf([customer.id, owner.id, colleague.id], [customer.email]);

    const staffTarget = await startViewing(owner.visitor, colleague.id);
    const { toast } = await redirectToast(owner.visitor, staffTarget);
    expect(toast?.description).toBe(VIEW_AS_TEXT.notCustomer);
    const self = await startViewing(owner.visitor, owner.id);
    expect((await redirectToast(owner.visitor, self)).toast?.description).toBe(VIEW_AS_TEXT.notCustomer);
    const nobody = await startViewing(owner.visitor, randomUUID());
    expect((await redirectToast(owner.visitor, nobody)).toast?.description).toBe(VIEW_AS_TEXT.noUser);

    const other = await signedInCustomer();
    const byCustomer = await startViewing(other.visitor, customer.id);
    expect(byCustomer.status).toBe(403);
    expect(visibleText(await (await other.visitor.request("/dashboard")).text())).not.toContain("$123.45");
    // Staff without two-factor cannot either (product rules 15.14).
    const noCode = await createAdminAccount({ role: "support", twoFactor: false });
    const noCodeVisitor = new Visitor();
    await noCodeVisitor.signIn(noCode.email, noCode.password);
    expect((await startViewing(noCodeVisitor, customer.id)).status).toBe(403);

    expect(await traceOf([customer.id, owner.id, colleague.id], [customer.email])).toBe(before);
  });

  it("follows the customer's balance live, and keeps no page of either for the other", async () => {
    const customer = await customerWithMoney();
    const admin = await signedInAdmin({ role: "admin" });
    await fundWallet(admin.id, 777);
    // The staff member's own dashboard, kept by the account page cache before the view.
    const ownBefore = await admin.visitor.request("/dashboard");
    expect(visibleText(await ownBefore.text())).toContain("$7.77");
    expect(await customer.visitor.request("/dashboard")).toBeTruthy();
    await startViewing(admin.visitor, customer.id);
    expect(await liveBalance(admin.visitor)).toEqual({ balanceCents: 12_345 });
    // Even without the viewing cookie the kept pages stay out of it: the session's view decides.
    admin.visitor.forget(VIEWING_COOKIE);
    for (let read = 0; read < 2; read++) {
      const viewed = await admin.visitor.request("/dashboard");
      expect(viewed.headers.get("x-render-cache")).toBeNull();
      const text = visibleText(await viewed.text());
      expect(text).toContain(VIEW_AS_TEXT.banner(customer.email));
      expect(text).toContain("$123.45");
    }
    const ownPage = visibleText(await (await customer.visitor.request("/dashboard")).text());
    expect(ownPage).not.toContain(VIEW_AS_TEXT.returnToAdmin);
    expect(ownPage).toContain("$123.45");

    await admin.visitor.request("/admin/view-as", { form: { intent: "end" } });
    expect(await liveBalance(admin.visitor)).toEqual({ balanceCents: 777 });
    const ownAfter = visibleText(await (await admin.visitor.request("/dashboard")).text());
    expect(ownAfter).toContain("$7.77");
    expect(ownAfter).not.toContain(VIEW_AS_TEXT.returnToAdmin);
  });

  it("views a suspended customer (support's most frequent case), read-only", async () => {
    const customer = await customerWithMoney();
    const admin = await signedInAdmin({ role: "admin" });
    const suspended = await admin.visitor.request(`/admin/users/${customer.id}`, {
      form: { intent: "suspend", reason: "Chargeback" },
    });
    expect(suspended.status).toBeLessThan(400);
    await startViewing(admin.visitor, customer.id);
    const wallet = visibleText(await (await admin.visitor.request("/wallet")).text());
    expect(wallet).toContain(VIEW_AS_TEXT.banner(customer.email));
    expect(wallet).toContain("$123.45");
  });
});

describe("nothing is done as the customer while viewing (product rules 15.33)", () => {
  it("finds the storefront's actions in the route table", () => {
    expect(STOREFRONT_ACTIONS).toEqual(
      expect.arrayContaining(["/quick-order", "/wallet", "/profile", "/orders", "/api/auth/*", "/logout"]),
    );
  });

  it("refuses every storefront action with the message and writes nothing", async () => {
    const customer = await customerWithMoney();
    const support = await signedInAdmin({ role: "support" });
    await fundWallet(support.id, 5_000);
    await startViewing(support.visitor, customer.id);
    const likes = await serviceBySlug("instagram-likes");
    const ids = [customer.id, support.id];
    const emails = [customer.email, support.email];
    const before = await traceOf(ids, emails);
    // Signing out is the staff member's own (it ends the view): tested above.
    const urls = actionUrls().filter(({ route }) => route !== "/logout");
    expect(urls.length).toBeGreaterThan(15);
    for (const { route, url } of urls) {
      const response = await support.visitor.request(url, {
        ...bodyFor(route, likes.id),
        headers: { Referer: new URL("/wallet", support.visitor.baseUrl).toString() },
      });
      if (url === "/api/events") {
        // A page view of the staff member's is not the customer's: answered, never recorded.
        expect(response.status, url).toBe(204);
      } else if (url.startsWith("/api/")) {
        expect(response.status, url).toBe(403);
        expect(await response.json(), url).toMatchObject({ code: "VIEWING_AS_CUSTOMER" });
      } else {
        const { location, toast } = await redirectToast(support.visitor, response);
        expect(location, url).toBe("/wallet");
        expect(toast?.description, url).toBe(VIEW_AS_TEXT.readOnly);
      }
      expect(await traceOf(ids, emails), `${url} wrote something`).toBe(before);
    }
    expect(await balanceOf(customer.id)).toBe(12_345);
    expect(await balanceOf(support.id)).toBe(5_000);
  });

  it("refuses them as well without the viewing cookie: no order, no key, no ticket, on either account", async () => {
    const customer = await customerWithMoney();
    const support = await signedInAdmin({ role: "support" });
    await fundWallet(support.id, 5_000);
    await startViewing(support.visitor, customer.id);
    support.visitor.forget(VIEWING_COOKIE);
    const likes = await serviceBySlug("instagram-likes");
    const ids = [customer.id, support.id];
    const emails = [customer.email, support.email];
    const before = await traceOf(ids, emails);
    const accountActions = [
      "/quick-order",
      "/order/:packageId",
      "/wallet",
      "/profile",
      "/dashboard",
      "/orders",
    ];
    for (const route of accountActions) {
      const response = await support.visitor.request(fillPath(route, FILL), bodyFor(route, likes.id));
      expect(response.status, route).toBe(302);
      const { toast } = await redirectToast(support.visitor, response);
      expect(toast?.description, route).toBe(VIEW_AS_TEXT.readOnly);
      expect(await traceOf(ids, emails), `${route} wrote something`).toBe(before);
    }
    expect(await db().select().from(orders).where(eq(orders.userId, support.id))).toEqual([]);
    expect(await balanceOf(customer.id)).toBe(12_345);
  });
});
