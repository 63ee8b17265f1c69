/** Only a safe local path may be followed after sign-in or confirmation (never another site). */
export function safeNextPath(next: string | null | undefined, fallback = "/dashboard"): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\") || /[\r\n\t]/.test(next)) {
    return fallback;
  }
  return next;
}
