import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { SUPPORT_REPLY_WINDOW_DAYS } from "./support-reply-window.ts";

export type SupportReplies = {
  /** Support's answers measured: each closes a customer's wait (their first message or reply since the last answer). */
  answered: number;
  /** The median wait from the customer's message to support's answer, in seconds; null with no answer. */
  medianSeconds: number | null;
};

/**
 * Support's measured reply time (product rules 7.11): in the threads of the tickets opened in the last
 * `SUPPORT_REPLY_WINDOW_DAYS` days, each answer from support (an admin's entry with a message) closes the wait that
 * began with the customer's first message since the previous answer; a status change alone answers nothing. One
 * statement, on the tickets' creation index and each thread's own.
 */
export async function measureSupportReplies(db: Executor): Promise<SupportReplies> {
  const result = await db.execute<{ answered: string; median_seconds: string | null }>(sql`
    with thread as (
      select m.ticket_id, m.created_at, m.author_role,
             -- the answers before this entry: a wait and the answer that ends it share this number
             count(*) filter (where m.author_role = 'admin' and m.body is not null)
               over (partition by m.ticket_id order by m.id rows between unbounded preceding and 1 preceding)
               as answers_before,
             m.author_role = 'admin' and m.body is not null as is_answer
      from tickets t
      join ticket_messages m on m.ticket_id = t.id
      where t.created_at >= now() - make_interval(days => ${SUPPORT_REPLY_WINDOW_DAYS})
        and m.body is not null
    ),
    waits as (
      select ticket_id, answers_before, min(created_at) as waiting_since
      from thread where author_role = 'customer' group by ticket_id, answers_before
    ),
    replies as (
      select extract(epoch from answer.created_at - wait.waiting_since) as seconds
      from waits wait
      join thread answer
        on answer.ticket_id = wait.ticket_id and answer.answers_before = wait.answers_before and answer.is_answer
    )
    select count(*)::text as answered,
           (percentile_cont(0.5) within group (order by seconds))::text as median_seconds
    from replies`);
  const row = result.rows[0];
  return {
    answered: Number(row?.answered ?? 0),
    medianSeconds: row?.median_seconds == null ? null : Math.round(Number(row.median_seconds)),
  };
}
