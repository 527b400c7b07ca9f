import type { MetaDescriptor, ShouldRevalidateFunction } from "react-router";
import { unlessNetworkFailure } from "./network-failure";

/*
 * What the back office's routes share beside their guard (requireCapability): the page's
 * title and robots tag, and their revalidation rules.
 */

/** "<screen> | Administration", never indexed. */
export function adminMeta(screen?: string): MetaDescriptor[] {
  return [
    { title: screen ? `${screen} | Administration` : "Administration" },
    { name: "robots", content: "noindex" },
  ];
}

/** Changing tab only rewrites ?tab=: no need to reload the data. */
export const revalidateUnlessTabChange: ShouldRevalidateFunction = unlessNetworkFailure(
  ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
    const tabOnly =
      !formMethod &&
      currentUrl.pathname === nextUrl.pathname &&
      currentUrl.search !== nextUrl.search;
    return tabOnly ? false : defaultShouldRevalidate;
  },
);

/** An ordered list: a refused move or delete reloads it too (spec §4). */
export const revalidateAfterMoveOrDelete: ShouldRevalidateFunction = unlessNetworkFailure(
  ({ formData, defaultShouldRevalidate }) => {
    const intent = formData?.get("intent");
    return intent === "move" || intent === "delete" || defaultShouldRevalidate;
  },
);

/**
 * A screen's data, or `fallback` with the message that it could not be read: the screen
 * still shows, with that message, rather than the error page. The loader guards first.
 */
export async function loadOrExplain<T extends object>(
  load: () => Promise<T>,
  fallback: T,
  loadFailed: string,
): Promise<T & { loadError: string | null }> {
  try {
    return { ...(await load()), loadError: null };
  } catch (error) {
    console.error(error);
    return { ...fallback, loadError: loadFailed };
  }
}
