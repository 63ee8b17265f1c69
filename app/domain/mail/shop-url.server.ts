import { env } from "../../lib/env.server.ts";

/** An absolute link into the shop for a mail, from APP_URL, as the confirmation and reset links are built. */
export function shopUrl(path: string): string {
  return `${env().appUrl}${path.startsWith("/") ? path : `/${path}`}`;
}
