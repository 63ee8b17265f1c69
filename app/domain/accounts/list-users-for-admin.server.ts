import { and, asc, count, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { accountDiscounts, orders, userRoles, users } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import type { ListPaging } from "../lists/keyset-page.server.ts";
import { containsPattern } from "../lists/list-paging.ts";
import { type ListDeclaration, type ListQuery, readList, searchText } from "../lists/read-list.server.ts";
import { emailIs } from "../lists/search-rules.server.ts";
import type { Cents } from "../pricing/cents.ts";

/** An account the manual order form offers: with its discount, which its orders are charged less (15.28). */
export type AdminUserOption = { id: string; email: string; balanceCents: Cents; discountTenths: number };

/** Users the manual order form offers at most. */
export const USER_SEARCH_LIMIT = 20;

const columns = { id: users.id, email: users.email, balanceCents: users.balanceCents };
const optionColumns = {
  ...columns,
  discountTenths: sql<number>`coalesce(${accountDiscounts.discountTenths}, 0)`,
};

/** Accounts with their discount (none: 0). */
function userOptions(db: Executor) {
  return db
    .select(optionColumns)
    .from(users)
    .leftJoin(accountDiscounts, eq(accountDiscounts.userId, users.id))
    .$dynamic();
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
    userOptions(db)
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
  const [user] = await userOptions(db).where(eq(users.id, userId)).limit(1);
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

/**
 * The admin users list: newest accounts first (users_created_at_idx, so the scan stops at LIMIT; deep pages
 * continue from a cursor, docs/decisions/030), searched by the whole e-mail (users_email_unique) or e-mails
 * containing the text (users_email_trgm_idx).
 */
export const usersList: ListDeclaration<Omit<AdminUserRow, "isAdmin" | "orderCount">> = {
  createdAt: users.createdAt,
  id: users.id,
  pageSize: ADMIN_USERS_PAGE_SIZE,
  search: [emailIs(users.email)],
  rows: (db, cursor) =>
    db
      .select({ ...columns, createdAt: users.createdAt, cursor })
      .from(users)
      .$dynamic(),
};

/**
 * One page of the admin users list (usersList). The order counts and admin badges are read for the page's 50
 * accounts only, after the page is chosen.
 */
export async function readAdminUsersPage(db: Executor, query: ListQuery = {}): Promise<AdminUsersPage> {
  const { rows, ...paging } = await readList(db, usersList, query);
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
          .where(and(inArray(userRoles.userId, ids), inArray(userRoles.role, ["owner", "admin"]))),
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
