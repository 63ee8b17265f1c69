import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { guardFormsAgainstControlCharacters } from "./lib/control-character-guard.ts";

// A navigation that interrupts another one (or a revalidation still reading its response) aborts that fetch on
// purpose; React Router then leaves the aborted body's rejection ("BodyStreamBuffer was aborted") unhandled.
// An intentional cancellation is not an error: it is marked handled here, and every other rejection still shows.
window.addEventListener("unhandledrejection", (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
});

guardFormsAgainstControlCharacters(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
