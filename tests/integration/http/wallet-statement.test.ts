import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { cents } from "../../../app/domain/pricing/cents.ts";
import { postLedgerEntry } from "../../../app/domain/wallet/post-ledger-entry.server.ts";
import { STATEMENT_TEXT } from "../../../app/domain/wallet/statement-query.ts";
import { formatCents } from "../../../app/lib/format-money.ts";
import { Visitor as NewVisitor, signedInCustomer, type Visitor, visibleText } from "../../support/http.ts";

// The customer's whole statement on /wallet and its CSV (product rules 2.10). What the page looks like at 390 and
// 1366 px is the browser's (tests/e2e/wallet-statement.test.ts).

type Line = { type: "deposit" | "purchase" | "refund" | "bonus" | "adjustment"; amountCents: number };

/** The i-th of a customer's lines: the $1,000 deposit, the welcome bonus, then charges, refunds and credits. */
function lineAt(i: number): Line {
  if (i === 0) return { type: "deposit", amountCents: 100_000 };
  if (i === 1) return { type: "bonus", amountCents: 500 };
  if (i % 3 === 0) return { type: "refund", amountCents: 200 + i };
  if (i % 3 === 1) return { type: "purchase", amountCents: -(300 + i) };
  return { type: "adjustment", amountCents: 400 + i };
}

/** The first line's day; line i is made 6 hours after line i-1 (4 a day, 30 days for 120 lines). */
const FIRST_LINE = Date.UTC(2026, 5, 1);
const SIX_HOURS_MS = 6 * 60 * 60 * 1000;

/** Posts `count` ledger lines for the customer through the ledger's own statement, then spreads them in time. */
async function giveLines(userId: string, count: number, line = lineAt): Promise<Line[]> {
  const lines: Line[] = [];
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const wanted = line(i);
    const posted = await db().transaction((tx) =>
      postLedgerEntry(tx, {
        userId,
        type: wanted.type,
        amountCents: cents(wanted.amountCents),
        paymentMethod: wanted.type === "deposit" ? "card" : undefined,
        // A reason is the admins'; the statement never shows it (product rules 2.8).
        metadata:
          wanted.type === "bonus" ? { kind: "welcome" } : { kind: "goodwill", reason: "=HYPERLINK(secret)" },
      }),
    );
    if (!posted.posted) throw new Error(`line ${i} was not posted`);
    ids.push(posted.transactionId);
    lines.push(wanted);
  }
  await db().execute(sql`
    update transactions set created_at = to_timestamp(${FIRST_LINE / 1000}) + (n - 1) * ${SIX_HOURS_MS / 1000} * interval '1 second'
    from unnest(${sql.raw(`array[${ids.map((id) => `'${id}'::uuid`).join(",")}]`)}) with ordinality as lines(id, n)
    where transactions.id = lines.id`);
  return lines;
}

/** A line's amount as the page writes it: "+$2.03", "−$3.01". */
function shown(amountCents: number): string {
  return `${amountCents < 0 ? "−" : "+"}${formatCents(Math.abs(amountCents))}`;
}

/** The lines of one statement page, as their text, and its Next link. */
async function readPage(visitor: Visitor, address: string) {
  const response = await visitor.request(address);
  expect(response.status).toBe(200);
  const html = await response.text();
  const lines = [...html.matchAll(/<li[^>]*data-testid="wallet-transaction"[^>]*>([\s\S]*?)<\/li>/g)].map(
    (match) => visibleText(match[1]!).trim(),
  );
  const next = /<a[^>]*href="([^"]+)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="([^"]+)"/.exec(html);
  const href = next ? (next[1] ?? next[2])!.replaceAll("&amp;", "&") : null;
  return { html, text: visibleText(html), lines, next: href };
}

/** Every line of the statement from `address`, following Next page by page. */
async function pageThrough(visitor: Visitor, address: string) {
  const lines: string[] = [];
  const pages: string[] = [];
  for (let at: string | null = address; at; ) {
    pages.push(at);
    const page = await readPage(visitor, at);
    lines.push(...page.lines);
    at = page.next;
    if (pages.length > 20) throw new Error("more pages than lines");
  }
  return { lines, pages };
}

/** The amount cells of a line's text, in order. */
function amountsIn(lineText: string): string[] {
  return [...lineText.matchAll(/[+−]\$[\d,]+\.\d\d/g)].map((match) => match[0]);
}

/** The CSV's records (no quoted line breaks in a statement). */
async function readCsv(visitor: Visitor, address: string) {
  const response = await visitor.request(address);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/csv");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const records = (await response.text()).split("\r\n").filter(Boolean);
  return { header: records[0], rows: records.slice(1) };
}

describe("the customer's statement (product rules 2.10)", () => {
  it("a customer with 120 ledger lines finds each one in /wallet by paging and in the CSV", async () => {
    const customer = await signedInCustomer();
    const lines = await giveLines(customer.id, 120);

    const { lines: seen, pages } = await pageThrough(customer.visitor, "/wallet");
    expect(pages).toEqual([
      "/wallet",
      "/wallet?page=2",
      "/wallet?page=3",
      "/wallet?page=4",
      "/wallet?page=5",
    ]);
    expect(seen).toHaveLength(120);
    // Newest first: the page's i-th line is the ledger's (119 - i)-th, with the balance it left.
    let balance = lines.reduce((sum, line) => sum + line.amountCents, 0);
    lines
      .slice()
      .reverse()
      .forEach((line, index) => {
        expect(amountsIn(seen[index]!)[0]).toBe(shown(line.amountCents));
        expect(seen[index]).toContain(`${STATEMENT_TEXT.balanceAfter} ${formatCents(balance)}`);
        balance -= line.amountCents;
      });
    // The oldest two, which the last-10 list lost after a few dozen orders.
    expect(seen.at(-1)).toContain("Card deposit");
    expect(seen.at(-1)).toContain("+$1,000.00");
    expect(seen.at(-2)).toContain("Welcome bonus");
    expect(seen.join(" ")).not.toContain("HYPERLINK");

    const csv = await readCsv(customer.visitor, "/wallet/statement.csv");
    expect(csv.header).toBe("Date (UTC),Type,Description,Amount (USD),Balance after (USD)");
    expect(csv.rows).toHaveLength(120);
    let running = 0;
    csv.rows.forEach((row, i) => {
      const line = lines[i]!;
      running += line.amountCents;
      const day = new Date(FIRST_LINE + i * SIX_HOURS_MS).toISOString().slice(0, 19).replace("T", " ");
      const [date, type, , amount, after] = row.split(",");
      expect(date).toBe(day);
      expect(type).toBe(line.type.charAt(0).toUpperCase() + line.type.slice(1));
      expect(amount).toBe((line.amountCents / 100).toFixed(2));
      expect(after).toBe((running / 100).toFixed(2));
    });
    expect(csv.rows[0]).toBe("2026-06-01 00:00:00,Deposit,Card deposit,1000.00,1000.00");
    expect(csv.rows[1]).toBe("2026-06-01 06:00:00,Bonus,Welcome bonus,5.00,1005.00");
  });

  it("filters by type and by UTC days in the page, its links and the CSV; an impossible date is no filter", async () => {
    const customer = await signedInCustomer();
    const lines = await giveLines(customer.id, 90);

    // 29 refunds: two pages, the filter kept in the link to the second.
    const refunds = await pageThrough(customer.visitor, "/wallet?type=refund");
    expect(refunds.pages).toEqual(["/wallet?type=refund", "/wallet?type=refund&page=2"]);
    expect(refunds.lines).toHaveLength(lines.filter((line) => line.type === "refund").length);
    expect(refunds.lines.every((text) => text.includes("Refund"))).toBe(true);
    const refundCsv = await readCsv(customer.visitor, "/wallet/statement.csv?type=refund");
    expect(refundCsv.rows.map((row) => row.split(",")[3])).toEqual(
      lines.filter((line) => line.type === "refund").map((line) => (line.amountCents / 100).toFixed(2)),
    );

    // June 10 to 12 (both included): lines 36 to 47.
    const days = await readPage(customer.visitor, "/wallet?from=2026-06-10&to=2026-06-12");
    expect(days.lines.map((text) => amountsIn(text)[0])).toEqual(
      lines
        .slice(36, 48)
        .reverse()
        .map((line) => shown(line.amountCents)),
    );
    expect(days.text).toContain("Showing 1–12 of 12 transactions");
    const daysCsv = await readCsv(customer.visitor, "/wallet/statement.csv?from=2026-06-10&to=2026-06-12");
    expect(daysCsv.rows).toHaveLength(12);
    // The balance after each line counts every line before it, shown or not.
    const before = lines.slice(0, 36).reduce((sum, line) => sum + line.amountCents, 0);
    expect(daysCsv.rows[0]!.split(",")[4]).toBe(((before + lines[36]!.amountCents) / 100).toFixed(2));

    const purchasesFrom = await pageThrough(
      customer.visitor,
      "/wallet?type=purchase&from=2026-06-04&to=2026-06-30",
    );
    expect(purchasesFrom.pages).toEqual([
      "/wallet?type=purchase&from=2026-06-04&to=2026-06-30",
      "/wallet?type=purchase&from=2026-06-04&to=2026-06-30&page=2",
    ]);
    expect(purchasesFrom.lines).toHaveLength(
      lines.slice(12).filter((line) => line.type === "purchase").length,
    );

    const impossible = await readPage(customer.visitor, "/wallet?from=2026-02-30&to=nonsense&type=gift");
    expect(impossible.text).toContain("Showing 1–25 of 90 transactions");
    const impossibleCsv = await readCsv(customer.visitor, "/wallet/statement.csv?from=2026-02-30&type=gift");
    expect(impossibleCsv.rows).toHaveLength(90);

    const none = await readPage(customer.visitor, "/wallet?from=2027-01-01");
    expect(none.lines).toEqual([]);
    expect(none.text).toContain(STATEMENT_TEXT.noMatch);
  });

  it("shows and exports the customer's own lines only", async () => {
    const owner = await signedInCustomer();
    const other = await signedInCustomer();
    await giveLines(owner.id, 30);
    await giveLines(other.id, 1, () => ({ type: "deposit", amountCents: 77_777 }));

    const seen = await pageThrough(owner.visitor, "/wallet");
    expect(seen.lines).toHaveLength(30);
    expect(seen.lines.join(" ")).not.toContain("$777.77");
    const csv = await readCsv(owner.visitor, "/wallet/statement.csv");
    expect(csv.rows).toHaveLength(30);
    expect(csv.rows.join("\n")).not.toContain("777.77");

    const theirs = await readCsv(other.visitor, "/wallet/statement.csv");
    expect(theirs.rows).toEqual(["2026-06-01 00:00:00,Deposit,Card deposit,777.77,777.77"]);
  });

  it("sends a visitor to sign in, from the page and from the CSV", async () => {
    const visitor = new NewVisitor();
    for (const address of ["/wallet?page=2", "/wallet/statement.csv?type=deposit"]) {
      const response = await visitor.request(address);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?next=${encodeURIComponent(address)}`);
    }
  });
});
