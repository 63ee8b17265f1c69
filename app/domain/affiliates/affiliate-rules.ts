/**
 * The affiliate programme's pure rules (docs/decisions/056): the shape of a referral code and when two e-mail
 * addresses reach one person's mailbox. The commission's arithmetic lives in one place, the trigger of drizzle/0039.
 */

/** Referral codes: lower-case letters and digits without the look-alikes (0/o, 1/l/i), eight of them. */
export const CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const CODE_LENGTH = 8;

/** Providers that deliver every dotted spelling of a local part to the same mailbox. */
const DOT_BLIND_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The mailbox an address reaches: case folded, a "+tag" dropped, and dots dropped where the provider ignores them,
 * so "Ann.Lee+2@GoogleMail.com" and "annlee@gmail.com" are one person's.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return email.trim().toLowerCase();
  let local = email.slice(0, at).trim().toLowerCase();
  let domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotBlind = DOT_BLIND_DOMAINS[domain];
  if (dotBlind) {
    domain = dotBlind;
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}
