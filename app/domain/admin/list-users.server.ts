import { and, asc, count, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, userRoles, users } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import type { Cents } from "../pricing/cents.ts";
import { containsPattern, pageWindow, searchText } from "./list-query.server.ts";

export type AdminUserOption = { id: string; email: string; balanceCents: Cents };

/** Users the manual order form offers at most. */
export const USER_SEARCH_LIMIT = 20;

const columns = { id: users.id, email: users.email, balanceCents: users.balanceCents };

/** Accounts ordered by e-mail (the manual order page's user list). */
export async function listUsersForAdmin(db: Executor, limit = 500) {
  return db
    .select({ ...columns, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.email))
    .limit(limit);
}

/**
 * The manual order form's user list: accounts whose e-mail contains `q` (all when empty), by e-mail, at most
 * 20; the preselected account (?userId) is always included, first.
 */
export async function searchUsersForAdmin(
  db: Executor,
  input: { q?: string; preselectedId?: string | null },
): Promise<AdminUserOption[]> {
  const q = searchText(input.q);
  const pattern = containsPattern(q);
  const [found, preselected] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(q ? ilike(users.email, pattern) : undefined)
      .orderBy(asc(users.email))
      .limit(USER_SEARCH_LIMIT),
    input.preselectedId ? findUserForAdmin(db, input.preselectedId) : Promise.resolve(null),
  ]);
  if (!preselected) return found;
  return [preselected, ...found.filter((user) => user.id !== preselected.id)];
}

/** One account by id, or null for an unknown or malformed id. */
export async function findUserForAdmin(db: Executor, userId: string): Promise<AdminUserOption | null> {
  if (!isUuid(userId)) return null;
  const [user] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}

/** Rows per page of the admin users list. */
export const ADMIN_USERS_PAGE_SIZE = 50;

export type AdminUserRow = {
  id: string;
  email: string;
  balanceCents: Cents;
  createdAt: Date;
  isAdmin: boolean;
  orderCount: number;
};

export type AdminUsersPage = { users: AdminUserRow[]; total: number; page: number; pageCount: number };

/**
 * One page of the admin users list, newest accounts first (users_created_at_idx, so the scan stops at
 * LIMIT + OFFSET), optionally only e-mails containing `q`. The order counts and admin badges are read for the
 * page's 50 accounts only, after the page is chosen: computed in the page query, they would also be computed
 * for every row OFFSET skips.
 */
export async function readAdminUsersPage(
  db: Executor,
  query: { q?: string; page?: number } = {},
): Promise<AdminUsersPage> {
  const q = searchText(query.q);
  const where = q ? ilike(users.email, containsPattern(q)) : undefined;
  const total = await db.$count(users, where);
  const { page, pageCount, offset } = pageWindow(query.page, total, ADMIN_USERS_PAGE_SIZE);
  const rows = await db
    .select({ ...columns, createdAt: users.createdAt })
    .from(users)
    .where(where)
    .orderBy(sql`${users.createdAt} desc nulls last`, desc(users.id))
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset(offset);
  const ids = rows.map((row) => row.id);
  const [orderCounts, admins] = ids.length
    ? await Promise.all([
        db
          .select({ userId: orders.userId, value: count() })
          .from(orders)
          .where(inArray(orders.userId, ids))
          .groupBy(orders.userId),
        db
          .select({ userId: userRoles.userId })
          .from(userRoles)
          .where(and(inArray(userRoles.userId, ids), eq(userRoles.role, "admin"))),
      ])
    : [[], []];
  const countOf = new Map(orderCounts.map((row) => [row.userId, Number(row.value)]));
  const adminIds = new Set(admins.map((row) => row.userId));
  return {
    users: rows.map((row) => ({
      ...row,
      isAdmin: adminIds.has(row.id),
      orderCount: countOf.get(row.id) ?? 0,
    })),
    total,
    page,
    pageCount,
  };
}
