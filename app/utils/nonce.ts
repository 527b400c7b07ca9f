import { createContext, useContext } from "react";

/*
 * The CSP nonce of the response being rendered, provided by app/entry.server.tsx and read
 * by root.tsx for <Scripts> and <ScrollRestoration>. Not in loader data: that could be
 * cached and shared between responses, and a nonce must be new each time.
 * In the browser it is undefined (the browser hides nonces from the DOM anyway).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
