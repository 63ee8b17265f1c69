import { AsyncLocalStorage } from "node:async_hooks";

/**
 * better-auth logs and swallows an error of its sendResetPassword hook, so the request looks successful even
 * when no mail went out. The hook notes the failure here, in the context of the request that asked for the mail.
 */
const resetMail = new AsyncLocalStorage<{ failed: boolean }>();

/** Called by the reset-mail hook when sending failed. */
export function noteResetMailFailed(): void {
  const outcome = resetMail.getStore();
  if (outcome) outcome.failed = true;
}

/** Runs a reset request and tells whether its mail could not be sent. */
export async function watchResetMail<T>(run: () => Promise<T>): Promise<{ result: T; mailFailed: boolean }> {
  const outcome = { failed: false };
  const result = await resetMail.run(outcome, run);
  return { result, mailFailed: outcome.failed };
}
