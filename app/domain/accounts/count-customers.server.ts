import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";

/** The shop's customers (product rules 7.10): accounts whose e-mail is confirmed, admins not counted. */
export async function countCustomers(db: Executor): Promise<number> {
  const result = await db.execute<{ customers: string }>(sql`
    select count(*)::text as customers from users u
    where u.email_verified
      and not exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin')`);
  return Number(result.rows[0]?.customers ?? 0);
}
