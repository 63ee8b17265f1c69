import { count, desc } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { contactMessages, newsletterSubscribers } from "../../db/schema.ts";

export const CONTACT_MESSAGES_PAGE_SIZE = 50;

export type ContactMessageRow = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
};

export type ContactMessagesPage = {
  messages: ContactMessageRow[];
  page: number;
  pageCount: number;
  total: number;
  newsletterSubscribers: number;
};

/** One page of contact messages, newest first, with the totals the admin inbox shows. */
export async function listContactMessages(db: Executor, requestedPage: number): Promise<ContactMessagesPage> {
  const [[messageTotal], [subscriberTotal]] = await Promise.all([
    db.select({ value: count() }).from(contactMessages),
    db.select({ value: count() }).from(newsletterSubscribers),
  ]);
  const total = Number(messageTotal?.value ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / CONTACT_MESSAGES_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const messages = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(CONTACT_MESSAGES_PAGE_SIZE)
    .offset((page - 1) * CONTACT_MESSAGES_PAGE_SIZE);
  return { messages, page, pageCount, total, newsletterSubscribers: Number(subscriberTotal?.value ?? 0) };
}
