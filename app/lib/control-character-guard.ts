import { BODY_TEXT, hasControlCharacter } from "./request-body.ts";

/**
 * Stops a form whose text holds a control character (often pasted from a PDF or a terminal) before it is sent,
 * and says so beside that field, so the customer keeps what they typed. The server refuses the same text
 * (docs/decisions/015-request-body-policy.md); this only spares the round trip and the lost input.
 */
export function guardFormsAgainstControlCharacters(root: Document): void {
  root.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
        if (field.type === "file" || field.type === "hidden" || !hasControlCharacter(field.value)) continue;
        // Ahead of React's own submit handler (capture on the document), so no request leaves.
        event.preventDefault();
        event.stopImmediatePropagation();
        field.setCustomValidity(BODY_TEXT.controlCharacter);
        field.reportValidity();
        field.addEventListener("input", () => field.setCustomValidity(""), { once: true });
        return;
      }
    },
    true,
  );
}
