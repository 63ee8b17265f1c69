import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { db } from "../db/client.server.ts";
import { users } from "../db/schema.ts";
import { isAdmin } from "../domain/accounts/roles.server.ts";
import { safeNextPath } from "../domain/accounts/safe-next.ts";
import { auth } from "./auth.server.ts";

export type CurrentUser = {
  id: string;
  email: string;
  balanceCents: number;
  isAdmin: boolean;
  createdAt: Date;
};

/** The signed-in account of this request, read fresh from PostgreSQL (balance and role included), or null. */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const [row] = await db()
    .select({
      id: users.id,
      email: users.email,
      balanceCents: users.balanceCents,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, session.user.id))
    .limit(1);
  if (!row) return null;
  return { ...row, isAdmin: await isAdmin(db(), row.id) };
}

/** Path and query of the request, for the `next` parameter of the login redirect. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The signed-in user, or a redirect of the visitor to /login?next={this page}. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw redirect(`/login?next=${encodeURIComponent(currentPath(request))}`);
  return user;
}

/**
 * The signed-in admin. Everyone else is refused on every request: pages send them to /admin-login,
 * actions and data requests answer 403 so no admin change ever runs for them.
 */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user?.isAdmin) return user;
  if (request.method === "GET" || request.method === "HEAD") throw redirect("/admin-login");
  throw data({ error: "You don't have admin privileges" }, { status: 403 });
}

export { safeNextPath };
