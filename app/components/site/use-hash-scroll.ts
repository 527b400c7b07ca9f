import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/** Spec §2: the section named by the hash ends 120 px under the top, 100 ms after display. */
export const HASH_SCROLL_OFFSET_PX = 120;
export const HASH_SCROLL_DELAY_MS = 100;

/**
 * Scrolls to the element named by the URL's hash with the spec's offset, once the page has
 * laid out; without a hash, to the top (except on back/forward, where the browser's
 * remembered position is kept).
 */
export function useHashScroll() {
  const { hash, key } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ""));
    if (!id) {
      if (navigationType !== "POP") window.scrollTo({ top: 0 });
      return;
    }
    const timer = window.setTimeout(() => {
      const target = document.getElementById(id);
      if (!target) return;
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      const top = target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET_PX;
      window.scrollTo({ top: Math.max(0, top), behavior: reduce ? "auto" : "smooth" });
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash, key, navigationType]);
}
