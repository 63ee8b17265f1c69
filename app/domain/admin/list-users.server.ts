import { and, asc, count, eq, ilike, inArray, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, userRoles, users } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import { containsPattern } from "../lists/list-paging.ts";
import type { Cents } from "../pricing/cents.ts";
import {
  countCapped,
  cursorSql,
  type ListPaging,
  type ListPosition,
  readNewestFirstPage,
  searchText,
  wholeEmail,
} from "./list-query.server.ts";

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

export type AdminUsersPage = { users: AdminUserRow[] } & ListPaging;

/** The accounts an admin's search means: the whole address (users_email_unique) or e-mails containing `q`. */
function emailMatches(q: string): SQL {
  const email = wholeEmail(q);
  return email ? eq(users.email, email) : ilike(users.email, containsPattern(q));
}

/**
 * One page of the admin users list, newest accounts first (users_created_at_idx, so the scan stops at LIMIT; deep
 * pages continue from a cursor, docs/decisions/030), optionally only the account with e-mail `q` or e-mails
 * containing it. The order counts and admin badges are read for the page's 50 accounts only, after the page is
 * chosen.
 */
export async function readAdminUsersPage(
  db: Executor,
  query: { q?: string } & ListPosition = {},
): Promise<AdminUsersPage> {
  const q = searchText(query.q);
  const where = q ? emailMatches(q) : undefined;
  const total = await countCapped(db, users, where);
  const { rows, paging } = await readNewestFirstPage(
    db,
    {
      createdAt: users.createdAt,
      id: users.id,
      where,
      total,
      pageSize: ADMIN_USERS_PAGE_SIZE,
      rows: (pageWhere, orderBy, limit) =>
        db
          .select({ ...columns, createdAt: users.createdAt, cursor: cursorSql(users.createdAt, users.id) })
          .from(users)
          .where(pageWhere)
          .orderBy(...orderBy)
          .limit(limit),
    },
    query,
  );
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
    ...paging,
  };
}
