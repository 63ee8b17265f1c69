import { auth } from "../../domain/accounts/auth.server.ts";
import { limitAuthEndpoint } from "../../domain/security/auth-endpoint-limits.server.ts";
import { RATE_LIMIT_MESSAGE } from "../../domain/security/rate-limit.server.ts";
import { rateLimitedInit } from "../../lib/rate-limited-answer.ts";
import type { Route } from "./+types/route";

/** better-auth's own endpoints (session reads, sign-in, sign-up, reset), behind our shared rate limiter. */
async function handle(request: Request): Promise<Response> {
  const limited = await limitAuthEndpoint(request);
  if (!limited.allowed) {
    return Response.json(
      { code: "TOO_MANY_REQUESTS", message: RATE_LIMIT_MESSAGE },
      rateLimitedInit(limited.retryAfterSeconds),
    );
  }
  const response = await auth().handler(request);
  await limited.afterwards?.(response);
  return response;
}

export async function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handle(request);
}
