import { db } from "../../db/client.server.ts";
import { checkRateLimits, type RateLimitResult, rateLimitKeys } from "./rate-limit.server.ts";

/** Counts a POST to a rate-limited better-auth endpoint (/api/auth/*); other endpoints pass freely. */
export async function limitAuthEndpoint(request: Request): Promise<RateLimitResult> {
  const free: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };
  if (request.method !== "POST") return free;
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  const email = await readEmail(request);
  switch (path) {
    case "/sign-in/email":
      return checkRateLimits(db(), rateLimitKeys.signIn(request, email));
    case "/sign-up/email":
      return checkRateLimits(db(), rateLimitKeys.signUp(request, email));
    case "/request-password-reset":
    case "/forget-password":
    case "/reset-password":
      return checkRateLimits(db(), rateLimitKeys.passwordReset(request, email));
    case "/send-verification-email":
      return checkRateLimits(db(), rateLimitKeys.verificationMail(request, email));
    default:
      return free;
  }
}

async function readEmail(request: Request): Promise<string> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === "string" ? body.email.slice(0, 254) : "";
  } catch {
    return "";
  }
}
