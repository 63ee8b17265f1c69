import { db } from "../../db/client.server.ts";
import { checkRateLimits, type RateLimitResult, rateLimitKeys } from "./rate-limit.server.ts";
import { recordSignInOutcome, throttleSignIn } from "./sign-in-throttle.server.ts";

/**
 * The limit's decision on a POST to a rate-limited better-auth endpoint (/api/auth/*), and what to note once the
 * endpoint answered (sign-in counts its failures, docs/decisions/013); other endpoints pass freely.
 */
export type AuthEndpointLimit = RateLimitResult & { afterwards?: (response: Response) => Promise<void> };

/** Counts a POST to a rate-limited better-auth endpoint (/api/auth/*); other endpoints pass freely. */
export async function limitAuthEndpoint(request: Request): Promise<AuthEndpointLimit> {
  const free: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };
  if (request.method !== "POST") return free;
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  const email = await readEmail(request);
  switch (path) {
    case "/sign-in/email":
      return limitSignIn(request, email);
    case "/sign-up/email":
      return checkRateLimits(db(), rateLimitKeys.signUp(request));
    case "/request-password-reset":
    case "/forget-password":
    case "/reset-password":
      return checkRateLimits(db(), rateLimitKeys.passwordReset(request));
    case "/send-verification-email":
      return checkRateLimits(db(), rateLimitKeys.verificationMail(request));
    default:
      return free;
  }
}

async function limitSignIn(request: Request, email: string): Promise<AuthEndpointLimit> {
  const throttled = await throttleSignIn(db(), request, email);
  if (throttled) return { allowed: false, retryAfterSeconds: throttled.retryAfterSeconds };
  return {
    allowed: true,
    retryAfterSeconds: 0,
    // better-auth answers a wrong e-mail or password with 401; an unconfirmed account (403) had it right.
    afterwards: async (response) => {
      if (response.ok) await recordSignInOutcome(db(), request, email, "succeeded");
      else if (response.status === 401) await recordSignInOutcome(db(), request, email, "failed");
    },
  };
}

async function readEmail(request: Request): Promise<string> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === "string" ? body.email.slice(0, 254) : "";
  } catch {
    return "";
  }
}
