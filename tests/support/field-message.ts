import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Waits until `control` is marked invalid with `message` among the texts that describe it (its Field's error,
 * product rules 12.3), and returns whether it has the focus.
 */
export async function expectFieldMessage(control: Locator, message: string): Promise<{ focused: boolean }> {
  await expect.poll(() => control.getAttribute("aria-invalid")).toBe("true");
  await expect.poll(() => describedBy(control)).toContain(message);
  return { focused: await control.evaluate((element) => element === document.activeElement) };
}

/** The texts that describe a control (aria-describedby), joined. */
export function describedBy(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
}

/**
 * Checks that `message` is said exactly once on the page (product rules 12.8): in a toast (`where: "toast"`, an
 * outcome of the whole request) or on the page and in no toast (beside a field, on a card). It first lets the page
 * finish what the answer set off (two animation frames: React's effects, such as raising a toast, have run by
 * then), so a second saying raised just after the first cannot slip past.
 */
export async function expectSaidOnce(
  page: Page,
  message: string,
  where: "toast" | "page" = "page",
): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  const inToasts = await page.getByTestId("toast").filter({ hasText: message }).count();
  expect(inToasts, `toasts saying "${message}"`).toBe(where === "toast" ? 1 : 0);
  expect(await page.getByText(message, { exact: true }).count(), `places saying "${message}"`).toBe(1);
}
