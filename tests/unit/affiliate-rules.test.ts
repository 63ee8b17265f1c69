import { describe, expect, it } from "vitest";
import { mailboxOf } from "../../app/domain/affiliates/affiliate-rules.ts";

// Self-referral by a second address of one mailbox is refused (docs/decisions/056).
describe("the mailbox an e-mail address reaches", () => {
  it.each([
    ["Ann.Lee@Example.com", "ann.lee@example.com"],
    ["ann+shop@example.com", "ann@example.com"],
    ["Ann.Lee+2@GoogleMail.com", "annlee@gmail.com"],
    ["a.n.n.lee@gmail.com", "annlee@gmail.com"],
    // Elsewhere a dot may name another person's mailbox, so it stays.
    ["ann.lee@outlook.com", "ann.lee@outlook.com"],
    // A local part that is only a tag is an address of its own.
    ["+tag@example.com", "+tag@example.com"],
  ])("%s reaches %s", (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });
});
