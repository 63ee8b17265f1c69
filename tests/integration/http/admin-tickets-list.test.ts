/**
 * The admin tickets list reads what it shows (product rules 17.20): each ticket's message count and the start of its
 * last message, never its thread, so a page of long threads stays small; the ticket's own page shows the thread.
 */
import { createHash, randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { ticketMessages, tickets } from "../../../app/db/schema.ts";
import { ADMIN_TICKETS_PAGE_SIZE } from "../../../app/domain/tickets/list-tickets-for-admin.server.ts";
import { createAccount, signedInAdmin, type Visitor, visibleText } from "../../support/http.ts";

const MESSAGES_PER_TICKET = 100;

/**
 * A thousand characters that compress no better than people's words do (so gzip cannot hide a thread sent whole),
 * the same for the same ticket and message.
 */
function body(ticket: number, message: number): string {
  let text = `Ticket ${ticket}, message ${message}: `;
  for (let part = 0; text.length < 1_000; part++)
    text += `${createHash("sha256").update(`${ticket}:${message}:${part}`).digest("base64")} `;
  return text.slice(0, 1_000);
}

/** A page of tickets of one customer, each with the last `messages` of a thread, the customer and support in turn. */
async function ticketsWithThreads(userId: string, adminId: string, messages: number) {
  const created = await db()
    .insert(tickets)
    .values(
      Array.from({ length: ADMIN_TICKETS_PAGE_SIZE }, (_, index) => ({
        userId,
        category: "request" as const,
        subject: `Long thread ${String(index + 1).padStart(2, "0")}`,
        status: "open" as const,
      })),
    )
    .returning({ id: tickets.id });
  await db()
    .insert(ticketMessages)
    .values(
      created.flatMap((ticket, index) =>
        Array.from({ length: messages }, (_, at) => {
          const message = MESSAGES_PER_TICKET - messages + at;
          const byCustomer = message % 2 === 0;
          return {
            ticketId: ticket.id,
            authorId: byCustomer ? userId : adminId,
            authorRole: byCustomer ? ("customer" as const) : ("admin" as const),
            body: body(index, message),
          };
        }),
      ),
    );
  return created;
}

/** The list page's HTML, its raw size without the shop-wide inline stylesheet (decision 031), and gzipped as sent. */
async function listPage(visitor: Visitor, path: string) {
  const response = await visitor.request(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return {
    html,
    withoutStylesheet: Buffer.byteLength(html.replace(/<style[\s\S]*?<\/style>/, "")),
    sent: gzipSync(html).byteLength,
  };
}

describe("the admin tickets list", () => {
  it("stays under 50 KB of HTML with tickets of 100 messages each; the ticket's page shows its whole thread", async () => {
    const admin = await signedInAdmin();
    const [long, short] = [await createAccount(), await createAccount()];
    const created = await ticketsWithThreads(long.id, admin.id, MESSAGES_PER_TICKET);
    // The same tickets with only their last message: the list must not grow with the threads.
    await ticketsWithThreads(short.id, admin.id, 1);

    const search = (email: string) => `/admin/tickets?q=${encodeURIComponent(email)}`;
    const listed = await listPage(admin.visitor, search(long.email));
    const sameWithOneMessage = await listPage(admin.visitor, search(short.email));
    const newest = await listPage(admin.visitor, "/admin/tickets");
    // What the browser receives (gzip, as every browser asks): under 50 KB, with the page's 25 threads of 100
    // messages, 2.5 MB of text, in the database.
    expect(listed.sent).toBeLessThan(50 * 1024);
    expect(newest.sent).toBeLessThan(50 * 1024);
    // And the markup does not depend on the threads' length: the page of one-message tickets is as large.
    expect(Math.abs(listed.withoutStylesheet - sameWithOneMessage.withoutStylesheet)).toBeLessThan(1024);

    const rows = listed.html.split('data-testid="admin-ticket"').slice(1);
    expect(rows).toHaveLength(ADMIN_TICKETS_PAGE_SIZE);
    for (const row of rows) {
      expect(visibleText(row)).toContain(`${MESSAGES_PER_TICKET} messages`);
      expect(row).toMatch(/href="\/admin\/tickets\/[0-9a-f-]{36}"/);
    }
    // The newest ticket's last message (support's, the 100th) starts its row; the rest of its thread is not there.
    const last = created.length - 1;
    expect(visibleText(listed.html)).toContain(body(last, MESSAGES_PER_TICKET - 1).slice(0, 100));
    expect(listed.html).not.toContain(`Ticket ${last}, message 0:`);

    const page = await admin.visitor.request(`/admin/tickets/${created[last]!.id}`);
    expect(page.status).toBe(200);
    const thread = (await page.text()).split('data-testid="thread-entry"').slice(1);
    expect(thread).toHaveLength(MESSAGES_PER_TICKET);
    expect(visibleText(thread[0]!)).toContain(body(last, 0));

    for (const missing of [`/admin/tickets/${randomUUID()}`, "/admin/tickets/not-a-ticket"]) {
      const answer = await admin.visitor.request(missing);
      expect(answer.status, missing).toBe(404);
      expect(visibleText(await answer.text()), missing).toContain("Ticket not found");
    }
  });
});
