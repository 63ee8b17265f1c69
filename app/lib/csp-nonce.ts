import { createContext, useContext } from "react";

/** Request header through which the HTTP server hands the per-request CSP nonce to the document renderer. */
export const CSP_NONCE_HEADER = "x-boostly-csp-nonce";

const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;

/** The nonce for the scripts of the current document (empty in the browser). */
export function useNonce(): string {
  return useContext(NonceContext);
}
