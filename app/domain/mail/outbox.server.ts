import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { mailOutbox } from "../../db/schema.ts";

export type OutboxMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
};

/** The local outbox (development only), newest first, optionally for one address. */
export async function listOutbox(
  db: Executor,
  options: { to?: string; limit?: number } = {},
): Promise<OutboxMail[]> {
  const query = db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox);
  const filtered = options.to ? query.where(eq(mailOutbox.to, options.to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(mailOutbox.createdAt)).limit(options.limit ?? 100);
}
