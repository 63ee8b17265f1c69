import { createContext, useContext } from "react";

/**
 * The site's stylesheet, inlined in the document head instead of linked, so the first paint waits for no request
 * (decisions/031-inline-stylesheet.md). The server renderer provides the CSS text (entry.server.tsx imports it);
 * the browser has none to provide and hydrates the element with the text the server sent.
 */
const StylesheetContext = createContext<string | null>(null);
export const StylesheetProvider = StylesheetContext.Provider;

const ELEMENT_ID = "site-stylesheet";
let hydratedText: string | null = null;

/** The stylesheet as it is in the document already (the browser), read once. */
function textInDocument(): string {
  hydratedText ??=
    typeof document === "undefined" ? "" : (document.getElementById(ELEMENT_ID)?.textContent ?? "");
  return hydratedText;
}

/** The site's whole stylesheet in a <style> with the response's CSP nonce (empty in the browser, as for scripts). */
export function InlineStylesheet({ nonce }: { nonce: string }) {
  const css = useContext(StylesheetContext) ?? textInDocument();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, not user input.
  return <style id={ELEMENT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />;
}
