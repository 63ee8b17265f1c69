import type { Locator } from "playwright-core";
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
