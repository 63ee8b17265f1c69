import { data } from "react-router";
import {
  confirmSensitiveAction,
  hasFreshSecondFactor,
  type StaffSession,
} from "../../domain/accounts/fresh-second-factor.server.ts";
import { SECOND_FACTOR_CODE_FIELD } from "../../domain/accounts/two-factor-text.ts";
import type { Refusal } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

/**
 * A sensitive admin change's form (product rules 15.35-15.37): the code it came with, checked first (a refusal
 * when the session needs one and it is missing or wrong, nothing changed), and the form's other fields, which the
 * change's own strict schema parses.
 */
export async function confirmSensitiveForm<Form extends Record<string, unknown>>(
  db: Database,
  request: Request,
  staff: StaffSession,
  form: Form,
): Promise<{ refused: Refusal | null; fields: Omit<Form, typeof SECOND_FACTOR_CODE_FIELD> }> {
  const { [SECOND_FACTOR_CODE_FIELD]: code, ...fields } = form;
  const refused = await confirmSensitiveAction(
    db,
    request,
    staff,
    typeof code === "string" ? code : undefined,
  );
  return { refused, fields };
}

/** Whether a page's sensitive forms must show the code field now (the server asks again if it expires). */
export async function codeNeeded(db: Database, staff: StaffSession): Promise<boolean> {
  return !(await hasFreshSecondFactor(db, staff));
}

/**
 * The form's answer when the code refused the change: the toast and the message beside the code field, with
 * 429 and Retry-After once the codes are throttled (product rules 15.17).
 */
export function codeRefusedAnswer(refused: Refusal) {
  const answer = refusalAnswer(refused);
  return data(answer.body, answer.init);
}

export { SECOND_FACTOR_CODE_FIELD };
