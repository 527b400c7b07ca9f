import { createContext, useContext } from "react";

/*
 * The CSP nonce of the response being rendered, provided by app/entry.server.tsx and read
 * by root.tsx for <Links>, <Scripts> and <ScrollRestoration>. Not in loader data: that
 * could be cached and shared between responses, and a nonce must be new each time.
 * In the browser it is read back from the server's HTML (the `nonce` property keeps it
 * even where the attribute is hidden), so hydration finds the same value and the
 * preload links added by later navigations are allowed too.
 */
function nonceOfThisPage(): string {
  if (typeof document === "undefined") return "";
  return document.querySelector<HTMLElement>("script[nonce], link[nonce]")?.nonce ?? "";
}

export const NonceContext = createContext<string>(nonceOfThisPage());

export function useNonce(): string {
  return useContext(NonceContext);
}
