import "../support/worker-database.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { helpTopics } from "../../app/content/help-articles.ts";
import { db } from "../../app/db/client.server.ts";
import { contactMessages, newsletterSubscribers } from "../../app/db/schema.ts";
import { CONTACT_TEXT } from "../../app/domain/contact/contact-form.ts";
import {
  CONTACT_MESSAGES_PAGE_SIZE,
  listContactMessages,
} from "../../app/domain/contact/list-contact-messages.server.ts";
import {
  CONTACT_RATE_LIMIT,
  sendContactMessage,
} from "../../app/domain/contact/send-contact-message.server.ts";
import { searchHelp } from "../../app/domain/help/search-help.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

const valid = {
  name: "  Ada Lovelace ",
  email: " ada@example.test ",
  subject: "billing",
  message: "  I was charged twice for my last deposit.  ",
};
const sender = { clientIp: "203.0.113.7" };

describe("sending a contact message", () => {
  it("stores the trimmed message for the admins", async () => {
    const result = await sendContactMessage(db(), valid, sender);
    expect(result.ok).toBe(true);
    const rows = await db().select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.test",
      subject: "billing",
      message: "I was charged twice for my last deposit.",
      readAt: null,
    });
  });

  it("accepts each of the five subjects", async () => {
    for (const subject of ["general", "technical", "billing", "partnership", "feedback"]) {
      const result = await sendContactMessage(
        db(),
        { ...valid, subject },
        { clientIp: `198.51.100.${subject.length}` },
      );
      expect(result.ok, subject).toBe(true);
    }
    expect(await db().select().from(contactMessages)).toHaveLength(5);
  });

  it.each([
    ["a bad e-mail address", { email: "not-an-address" }, "email", CONTACT_TEXT.emailInvalid],
    ["a missing e-mail address", { email: "" }, "email", CONTACT_TEXT.emailInvalid],
    ["an unknown subject", { subject: "refund-me" }, "subject", CONTACT_TEXT.subjectInvalid],
    ["no subject", { subject: "" }, "subject", CONTACT_TEXT.subjectInvalid],
    ["an empty message", { message: "   " }, "message", CONTACT_TEXT.messageRequired],
    ["an over-long message", { message: "x".repeat(5_001) }, "message", CONTACT_TEXT.messageTooLong],
    ["an empty name", { name: "" }, "name", CONTACT_TEXT.nameRequired],
    ["an over-long name", { name: "n".repeat(101) }, "name", CONTACT_TEXT.nameTooLong],
  ])("refuses %s with a clear message and stores nothing", async (_case, overrides, field, message) => {
    const result = await sendContactMessage(db(), { ...valid, ...overrides }, sender);
    expect(result).toMatchObject({ ok: false, kind: "invalid", fieldErrors: { [field]: message } });
    expect(await db().select().from(contactMessages)).toHaveLength(0);
  });

  it("refuses a missing field and a non-string value without throwing", async () => {
    const result = await sendContactMessage(db(), { name: "Ada", email: ["a@b.c"], subject: 3 }, sender);
    expect(result).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: {
        email: CONTACT_TEXT.emailInvalid,
        subject: CONTACT_TEXT.subjectInvalid,
        message: CONTACT_TEXT.messageRequired,
      },
    });
    expect(await db().select().from(contactMessages)).toHaveLength(0);
  });

  it(`allows ${CONTACT_RATE_LIMIT.limit} messages per window per client, then refuses clearly`, async () => {
    for (let index = 0; index < CONTACT_RATE_LIMIT.limit; index += 1)
      expect((await sendContactMessage(db(), valid, sender)).ok).toBe(true);
    const refused = await sendContactMessage(db(), valid, sender);
    expect(refused).toMatchObject({ ok: false, kind: "rate_limited", message: CONTACT_TEXT.tooMany });
    expect(await db().select().from(contactMessages)).toHaveLength(CONTACT_RATE_LIMIT.limit);
    // Another client is not affected, and invalid forms do not count.
    expect((await sendContactMessage(db(), valid, { clientIp: "203.0.113.8" })).ok).toBe(true);
  });

  it("limits by e-mail address when the client address is unknown", async () => {
    for (let index = 0; index < CONTACT_RATE_LIMIT.limit; index += 1)
      expect((await sendContactMessage(db(), valid, { clientIp: null })).ok).toBe(true);
    expect(await sendContactMessage(db(), valid, { clientIp: null })).toMatchObject({
      kind: "rate_limited",
    });
    expect(
      (await sendContactMessage(db(), { ...valid, email: "grace@example.test" }, { clientIp: null })).ok,
    ).toBe(true);
  });
});

describe("the admin inbox", () => {
  it("is empty at first and counts newsletter subscribers", async () => {
    await db()
      .insert(newsletterSubscribers)
      .values([{ email: "a@example.test" }, { email: "b@example.test" }]);
    expect(await listContactMessages(db(), 1)).toEqual({
      messages: [],
      page: 1,
      pageCount: 1,
      total: 0,
      newsletterSubscribers: 2,
    });
  });

  it("lists messages newest first, 50 per page", async () => {
    const base = Date.parse("2026-01-01T00:00:00Z");
    await db()
      .insert(contactMessages)
      .values(
        Array.from({ length: CONTACT_MESSAGES_PAGE_SIZE + 3 }, (_, index) => ({
          name: `Sender ${index}`,
          email: `sender${index}@example.test`,
          subject: "general" as const,
          message: `Message number ${index}`,
          createdAt: new Date(base + index * 60_000),
        })),
      );
    const first = await listContactMessages(db(), 1);
    expect(first.total).toBe(53);
    expect(first.pageCount).toBe(2);
    expect(first.messages).toHaveLength(50);
    expect(first.messages[0]?.name).toBe("Sender 52");
    expect(first.messages[49]?.name).toBe("Sender 3");
    const second = await listContactMessages(db(), 2);
    expect(second.messages.map((message) => message.name)).toEqual(["Sender 2", "Sender 1", "Sender 0"]);
    // A page past the end shows the last page.
    expect((await listContactMessages(db(), 99)).page).toBe(2);
  });
});

describe("the help search", () => {
  it("finds an article by a word from its body, with a snippet around it", () => {
    const hits = searchHelp("screenshot");
    expect(hits.map((hit) => hit.article.id)).toEqual(["order-not-started"]);
    expect(hits[0]?.topic.slug).toBe("troubleshooting");
    expect(hits[0]?.snippet.toLowerCase()).toContain("screenshot");
  });

  it("needs every word, ignores case and ranks title matches first", () => {
    const hits = searchHelp("REFUND wallet");
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]?.article.title.toLowerCase()).toContain("refund");
    expect(searchHelp("refund zzqxv")).toEqual([]);
  });

  it("returns nothing for nonsense or an empty query", () => {
    expect(searchHelp("zzqxvplk")).toEqual([]);
    expect(searchHelp("   ")).toEqual([]);
  });

  it("searches every article the help pages show", () => {
    for (const topic of helpTopics)
      for (const article of topic.articles)
        expect(searchHelp(article.title).some((hit) => hit.article.id === article.id)).toBe(true);
  });
});
