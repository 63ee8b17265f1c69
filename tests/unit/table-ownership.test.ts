import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot, repoRoot, sourceFilesUnder, withoutComments } from "../support/source-files.ts";

/**
 * One owning area per table: a table is written (insert, update, delete; Drizzle or raw SQL) by the files of one
 * area folder, app/domain/<area>/, and every other area calls that area's exported functions. Reading another
 * area's table is fine. A statement that spans areas (the order statement, decision 007) is composed from SQL
 * fragments each owning area exports, so each fragment's text sits in its owner's folder.
 */
const OWNERS: Record<string, string> = {
  // accounts: better-auth writes users, sessions, accounts and verifications itself (outside app/domain).
  users: "wallet", // only balance_cents, with its ledger row (walletCte); the rest of the row is better-auth's
  sessions: "accounts",
  accounts: "accounts",
  verifications: "accounts",
  two_factors: "accounts", // better-auth's two-factor plugin writes it (docs/decisions/051)
  user_roles: "accounts",
  account_suspensions: "accounts",
  second_factor_confirmations: "accounts",
  account_last_sign_ins: "accounts",
  account_admin_notes: "accounts",
  account_discounts: "accounts",
  staff_views: "accounts",
  // affiliates (docs/decisions/056): the commission rows and balance are also moved by the trigger on transactions
  // (drizzle/0039, 0041), so every path that charges or refunds an order books its commission; the trigger alone
  // writes affiliate_order_commissions.
  affiliates: "affiliates",
  referral_visits: "affiliates",
  referrals: "affiliates",
  affiliate_ledger: "affiliates",
  affiliate_payouts: "affiliates",
  affiliate_order_commissions: "affiliates",
  // catalog
  services: "catalog",
  likes_packs: "catalog",
  platforms: "catalog",
  service_categories: "catalog",
  service_changes: "catalog",
  // orders
  orders: "orders",
  order_status_changes: "orders",
  auto_orders: "auto-orders",
  free_trial_claims: "trials",
  refills: "refills",
  // money
  transactions: "wallet",
  deposits: "payments",
  payment_events: "payments",
  payment_gateways: "payments",
  manual_deposit_methods: "payments",
  // fulfilment
  providers: "fulfilment",
  provider_services: "fulfilment",
  fulfilments: "fulfilment",
  simulated_provider_orders: "fulfilment",
  refill_submissions: "fulfilment",
  simulated_provider_refills: "fulfilment",
  provider_catalog: "fulfilment",
  exchange_rates: "fulfilment",
  // content and support
  blog_posts: "blog",
  newsletter_subscribers: "blog",
  banner_settings: "content",
  // Moved only by triggers (drizzle/0019_page_versions.sql); content reads it (docs/decisions/035).
  site_content_version: "content",
  settings: "settings",
  tickets: "tickets",
  ticket_messages: "tickets",
  notification_preferences: "notifications",
  contact_messages: "contact",
  api_keys: "reseller",
  // system
  rate_limits: "security",
  mail_outbox: "mail",
  analytics_events: "analytics",
  analytics_days: "analytics",
  admin_audit_log: "audit",
  alerts: "alerts",
  money_days: "admin",
  money_settled: "admin",
  money_waiting_parts: "admin",
  // Written only by the start-up seed (app/db/seed, outside app/domain) and drizzle/0048: no area writes it
  // (docs/decisions/062).
  seed_sets: "(start-up seed)",
};

const domainDir = path.join(repoRoot, "app/domain");

/** The schema's tables: the Drizzle export name -> the SQL table name. */
function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  const schemaDir = path.join(repoRoot, "app/db/schema");
  for (const file of readdirSync(schemaDir)) {
    const text = readFileSync(path.join(schemaDir, file), "utf8");
    for (const match of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*"(\w+)"/g))
      tables.set(match[1] as string, match[2] as string);
  }
  return tables;
}

type TableWrite = { table: string; file: string; area: string; how: string };

/** Every write of a schema table in `text`: Drizzle's insert/update/delete and raw SQL in templates or strings. */
function writesIn(text: string, tables: Map<string, string>): { table: string; how: string }[] {
  const code = withoutComments(text);
  const sqlNames = new Set(tables.values());
  // `import { orders as orderRows }` still names the orders table.
  const aliases = new Map<string, string>();
  for (const [name, table] of tables) aliases.set(name, table);
  for (const match of code.matchAll(/\b(\w+)\s+as\s+(\w+)\b/g)) {
    const table = tables.get(match[1] as string);
    if (table) aliases.set(match[2] as string, table);
  }
  const found: { table: string; how: string }[] = [];
  for (const match of code.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = aliases.get(match[2] as string);
    if (table) found.push({ table, how: `.${match[1]}(${match[2]})` });
  }
  const rawWrites = [
    /\b(insert)\s+into\s+"?(\w+)"?/gi,
    /\b(update)\s+"?(\w+)"?(?:\s+(?:as\s+)?(?!set\b)\w+)?\s+set\b/gi,
    /\b(delete)\s+from\s+"?(\w+)"?/gi,
  ];
  for (const pattern of rawWrites)
    for (const match of code.matchAll(pattern)) {
      const table = (match[2] as string).toLowerCase();
      if (sqlNames.has(table)) found.push({ table, how: `${(match[1] as string).toLowerCase()} ${table}` });
    }
  // A Drizzle table interpolated into raw SQL: sql`update ${orders} set ...`.
  for (const match of code.matchAll(/\b(insert\s+into|update|delete\s+from)\s+\$\{\s*(\w+)\s*\}/gi)) {
    const table = aliases.get(match[2] as string);
    const verb = (match[1] as string).toLowerCase().split(/\s/)[0];
    if (table) found.push({ table, how: `${verb} ${table}` });
  }
  return found;
}

/** Every write of a schema table under app/domain, with the area folder it sits in. */
function domainWrites(): TableWrite[] {
  const tables = schemaTables();
  return sourceFilesUnder("app/domain").flatMap((file) => {
    const relative = path.relative(domainDir, file);
    const area = relative.includes(path.sep) ? (relative.split(path.sep)[0] as string) : "(domain root)";
    const shown = fromRoot(file);
    return writesIn(readFileSync(file, "utf8"), tables).map((write) => ({ ...write, file: shown, area }));
  });
}

describe("one owning area per table", () => {
  it("names an owner for every table of the schema, and only those", () => {
    const tables = [...schemaTables().values()].sort();
    expect(Object.keys(OWNERS).sort()).toEqual(tables);
  });

  it("finds Drizzle and raw SQL writes, and ignores reads and comments", () => {
    const tables = new Map([
      ["orders", "orders"],
      ["autoOrders", "auto_orders"],
      ["services", "services"],
    ]);
    const text = [
      "await tx.insert(orders).values(row);",
      "await db\n  .update(autoOrders)\n  .set({ status })",
      "await tx.delete(services).where(eq(services.id, id));",
      'import { orders as orderRows } from "../../db/schema.ts";',
      "await tx.update(orderRows).set({});",
      "await tx.execute(sql`UPDATE auto_orders ao SET remaining_posts = 1`);",
      'const text = "insert into orders (id) values ($1)";',
      `sql\`with x as (delete from services where id = \${id} returning id)\``,
      `sql\`update \${autoOrders} set status = 'paused'\``,
      "// the orders area will update orders set by set",
      "await db.select().from(orders).where(eq(orders.id, id)).for('update');",
      "sql`select id from services for update skip locked`",
      "cache.delete(serviceId);",
    ].join("\n");
    expect(writesIn(text, tables).map((write) => write.how)).toEqual([
      ".insert(orders)",
      ".update(autoOrders)",
      ".delete(services)",
      ".update(orderRows)",
      "insert orders",
      "update auto_orders",
      "delete services",
      "update auto_orders",
    ]);
  });

  it("has every table written by its owning area only", () => {
    const strays = domainWrites()
      .filter((write) => OWNERS[write.table] !== write.area)
      .map(
        (write) =>
          `${write.file} writes ${write.table} (${write.how}), owned by ${OWNERS[write.table] ?? "nobody"}: ` +
          `call an exported function of app/domain/${OWNERS[write.table]}/ instead`,
      );
    expect([...new Set(strays)]).toEqual([]);
  });
});
