import { useEffect, useRef } from "react";
import { toast as sonner } from "sonner";
import { isToast, type Toast } from "~/utils/toast";

/** Shows a toast through the layout's <Toaster>. */
export function showToast({ type, message }: Toast): void {
  sonner[type](message);
}

/**
 * Shows the toast of an action's result once per new result object: pass
 * `useActionData()` or `fetcher.data`. The same object seen again (a re-render, a
 * revalidation keeping it) shows nothing; a new submission's answer, even with the same
 * text, shows again.
 */
export function useActionToast(result: { toast?: Toast } | undefined | null): void {
  const shown = useRef<object | null>(null);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (isToast(result.toast)) showToast(result.toast);
  }, [result]);
}
