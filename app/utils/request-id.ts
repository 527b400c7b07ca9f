import { createContext, useContext } from "react";

/*
 * The correlation id of the request being rendered (server/request-guards.ts), provided by
 * app/entry.server.tsx so an error page can show the reference of the line the server
 * logged. In the browser it is read back from that page, so hydration finds the same text.
 */
export const REQUEST_ID_ELEMENT_ID = "reference-erreur";

function idOfThisPage(): string {
  if (typeof document === "undefined") return "";
  return document.getElementById(REQUEST_ID_ELEMENT_ID)?.dataset.id ?? "";
}

export const RequestIdContext = createContext<string>(idOfThisPage());

export function useRequestId(): string {
  return useContext(RequestIdContext);
}
