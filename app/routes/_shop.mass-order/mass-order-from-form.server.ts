import { z } from "zod";
import type { CurrentUser } from "../../domain/accounts/session.server.ts";
import {
  type MassOrderLineVerdict,
  type MassOrderPreview,
  previewMassOrder,
} from "../../domain/orders/mass-order-preview.server.ts";
import {
  balanceVerdict,
  MASS_ORDER_MAX_CHARACTERS,
  MASS_ORDER_TEXT,
} from "../../domain/orders/mass-order-text.ts";
import type { Notice } from "../../domain/orders/messages.ts";
import { expectedTotalField } from "../../domain/orders/order-form-fields.ts";
import { type MassOrderLineResult, placeMassOrder } from "../../domain/orders/place-mass-order.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import type { ShownLine } from "./mass-order-lines-table.tsx";

const paste = z.string().max(MASS_ORDER_MAX_CHARACTERS);

/** The page's two forms: Preview (the paste) and Place orders (the previewed paste, its batch and total). */
export const massOrderForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("preview"), paste }),
  z.object({
    intent: z.literal("place"),
    paste,
    batchId: z.uuid(),
    expectedTotalCents: expectedTotalField.unwrap(),
  }),
]);

/** What the page shows after a preview: the lines, the total, the balance's verdict and the batch to place. */
export type ShownPreview = {
  paste: string;
  lines: ShownLine[];
  totalCents: number;
  covered: boolean;
  balanceNote: string;
  batchId: string;
  canPlace: boolean;
};

export type MassOrderAnswer =
  | { step: "preview"; preview: ShownPreview; notice?: Notice }
  | { step: "placed"; lines: ShownLine[]; placed: number; refused: number; chargedCents: number }
  | { step: "refused"; notice: Notice };

/**
 * The mass order page's action (product rules 4.8): Preview checks and prices the paste; Place orders places
 * the previewed lines, or, when the lines or prices changed since, shows the new preview to confirm.
 */
export async function answerMassOrderForm(
  request: Request,
  db: Database,
  user: CurrentUser,
): Promise<MassOrderAnswer> {
  const parsed = massOrderForm.safeParse(await readForm(request, massOrderForm));
  if (!parsed.success) return { step: "refused", notice: MASS_ORDER_TEXT.malformed };
  const form = parsed.data;
  if (form.intent === "preview")
    return previewAnswer(await previewMassOrder(db, user.id, form.paste), form.paste);
  const result = await placeMassOrder(db, { userId: user.id, ...form });
  if (result.ok) return { step: "placed", ...result, lines: result.lines.map(shownResult) };
  const fresh = previewAnswer(await previewMassOrder(db, user.id, form.paste), form.paste);
  return fresh.step === "preview" ? { ...fresh, notice: refusalAnswer(result).notice } : fresh;
}

function previewAnswer(preview: MassOrderPreview, text: string): MassOrderAnswer {
  if (!preview.ok) return { step: "refused", notice: refusalAnswer(preview).notice };
  const canPlace = preview.lines.some((line) => line.ok);
  return {
    step: "preview",
    preview: {
      paste: text,
      lines: preview.lines.map(shownVerdict),
      totalCents: preview.totalCents,
      covered: preview.totalCents <= preview.balanceCents,
      balanceNote: canPlace
        ? balanceVerdict(preview.totalCents, preview.balanceCents)
        : MASS_ORDER_TEXT.nothingValid,
      batchId: preview.batchId,
      canPlace,
    },
  };
}

function shownVerdict(line: MassOrderLineVerdict): ShownLine {
  const { line: number, text } = line;
  if (!line.ok) return { line: number, text, refusal: line.message };
  return { line: number, text, placed: { serviceName: line.serviceName, totalCents: line.totalCents } };
}

function shownResult(line: MassOrderLineResult): ShownLine {
  const { line: number, text } = line;
  if (!line.ok) return { line: number, text, refusal: line.message };
  const { serviceName, totalCents, orderNumber } = line;
  return { line: number, text, placed: { serviceName, totalCents, orderNumber } };
}
