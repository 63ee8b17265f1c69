import { auth } from "./auth.server.ts";
import { runAuthCall } from "./auth-response.server.ts";

/** Ends the session on the server (its row is deleted) and returns the cookies that clear it in the browser. */
export async function signOut(request: Request): Promise<Headers> {
  const outcome = await runAuthCall(() => auth().api.signOut({ headers: request.headers, asResponse: true }));
  return outcome.cookies;
}
