import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { deposits } from "../../app/db/schema.ts";
import { applyGatewayEvent } from "../../app/domain/payments/apply-gateway-event.server.ts";
import {
  MANUAL_CLAIM_ADMIN_TEXT,
  MANUAL_DEPOSIT_TEXT,
} from "../../app/domain/payments/manual-deposit-text.ts";
import { saveManualMethod } from "../../app/domain/payments/save-manual-method.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { openAdminPage, signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { appUrl, createAccount } from "../support/http.ts";

/**
 * Manual deposits in the browser (product rules 16.50-16.59) and the review of payment events (16.27-16.28): a
 * customer claims a bank transfer on their wallet, an admin approves it in the confirmation that states amount and
 * customer, and the wallet shows the credit; a claim rejected with a reason the customer reads; an amount mismatch
 * marked reviewed leaves the list. The credit once, the races and the audit rows:
 * tests/integration/manual-deposits.test.ts; the roles and the fresh code: tests/integration/http/manual-deposits.test.ts.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

async function bankTransfer() {
  const owner = await createAccount();
  const name = `Bank transfer ${randomUUID().slice(0, 6)}`;
  const saved = await saveManualMethod(db(), {
    adminId: owner.id,
    name,
    instructions: "Boostly Ltd, IBAN DE89 3704 0044 0532 0130 00. Write your e-mail as the reference.",
    minCents: cents(2_000),
    maxCents: cents(100_000),
    enabled: true,
  });
  expect(saved.ok).toBe(true);
  return name;
}

/** Claims a transfer on the wallet's card of that method, and waits for it among the customer's claims. */
async function claimOnWallet(page: Page, methodName: string, amount: string, reference: string) {
  const card = page.getByTestId("manual-method").filter({ hasText: methodName });
  await card.getByLabel("Amount you sent (USD)").fill(amount);
  await card.getByLabel("Reference on your transfer").fill(reference);
  await card.getByRole("button", { name: "I have paid: claim it" }).click();
  await page.getByTestId("manual-claim").filter({ hasText: reference }).waitFor();
}

function claimRow(page: Page, reference: string) {
  return page.getByTestId("claim-row").filter({ hasText: reference });
}

describe("a manual deposit", () => {
  it("is claimed on the wallet, approved by an admin and credited; another is rejected with the reason the customer reads", async () => {
    const methodName = await bankTransfer();
    const customer = await createAccount();
    const approvedRef = `WIRE-${randomUUID().slice(0, 8)}`;
    const rejectedRef = `WIRE-${randomUUID().slice(0, 8)}`;

    const shop = await openPage(browser);
    await signInAs(shop.page, customer, "/wallet");
    const card = shop.page.getByTestId("manual-method").filter({ hasText: methodName });
    await card.getByText("IBAN DE89 3704 0044 0532 0130 00").waitFor();
    // The page's own check, beside the field, before anything is sent.
    await card.getByLabel("Amount you sent (USD)").fill("12");
    await card.getByRole("button", { name: "I have paid: claim it" }).click();
    await card.getByText("Minimum deposit is $20").waitFor();
    await claimOnWallet(shop.page, methodName, "75", approvedRef);
    await shop.page.getByText(MANUAL_DEPOSIT_TEXT.claimed(7_500, methodName)).waitFor();
    await claimOnWallet(shop.page, methodName, "30", rejectedRef);
    expect(await shop.page.getByTestId("wallet-balance").textContent()).toBe("$0.00");

    const { page: admin, assertNoConsoleErrors: adminErrors } = await openAdminPage(browser);
    await admin.goto(`${appUrl}/admin/payments/manual`);
    await claimRow(admin, approvedRef).getByRole("button", { name: "Approve" }).click();
    const dialog = admin.getByRole("dialog", { name: `Approve $75.00 for ${customer.email}?` });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Credit $75.00" }).click();
    await admin.getByText(MANUAL_CLAIM_ADMIN_TEXT.approved(7_500, customer.email)).waitFor();
    await claimRow(admin, approvedRef).getByText(MANUAL_DEPOSIT_TEXT.approved).waitFor();

    const rejected = claimRow(admin, rejectedRef);
    await rejected
      .getByLabel("Reason if rejected")
      .fill("No transfer with this reference reached our account.");
    await rejected.getByRole("button", { name: "Reject" }).click();
    await admin.getByText(MANUAL_CLAIM_ADMIN_TEXT.rejected(customer.email)).waitFor();

    // The customer's open wallet follows the credit live; the claims follow with the page's data.
    await expect.poll(() => shop.page.getByTestId("wallet-balance").textContent()).toBe("$75.00");
    await shop.page.reload();
    const approvedClaim = shop.page.getByTestId("manual-claim").filter({ hasText: approvedRef });
    await approvedClaim.getByText(MANUAL_DEPOSIT_TEXT.approved).waitFor();
    const rejectedClaim = shop.page.getByTestId("manual-claim").filter({ hasText: rejectedRef });
    await rejectedClaim.getByText(MANUAL_DEPOSIT_TEXT.rejected).waitFor();
    expect(await rejectedClaim.getByTestId("manual-claim-reason").textContent()).toBe(
      "No transfer with this reference reached our account.",
    );
    shop.assertNoConsoleErrors();
    adminErrors();
  });
});

describe("the payments to review", () => {
  it("show an amount mismatch with both amounts, and marking it reviewed removes it", async () => {
    const customer = await createAccount();
    const [deposit] = await db()
      .insert(deposits)
      .values({
        userId: customer.id,
        amountCents: cents(2_500),
        provider: "sandbox",
        providerReference: `cs_${randomUUID()}`,
      })
      .returning();
    const eventId = `evt_e2e_review_${randomUUID()}`;
    await applyGatewayEvent(db(), {
      id: eventId,
      type: "checkout.session.completed",
      gateway: "sandbox",
      payload: {},
      change: {
        kind: "paid",
        depositId: deposit!.id,
        reference: deposit!.providerReference!,
        amountCents: cents(2_450),
        currency: "usd",
      },
    });

    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    await page.goto(`${appUrl}/admin/payments/review`);
    const row = page.getByTestId("review-row").filter({ hasText: eventId });
    await row.getByText("Amount or currency differs").waitFor();
    expect(await row.getByTestId("review-reported").textContent()).toBe("$24.50");
    await row.getByRole("link", { name: customer.email }).waitFor();

    await row.getByRole("button", { name: "Mark reviewed" }).click();
    // A note is asked for first, beside its field.
    await row.getByText("Write what you did about it").waitFor();
    await row.getByLabel("Note").fill("Asked the customer; refunded the $24.50 at the gateway.");
    await row.getByRole("button", { name: "Mark reviewed" }).click();
    await page.getByText(`${eventId} is marked reviewed.`).waitFor();
    await row.waitFor({ state: "detached" });

    await page.getByRole("link", { name: "Reviewed" }).click();
    await page.getByTestId("review-row").filter({ hasText: eventId }).waitFor();
    assertNoConsoleErrors();
  });
});
