import { useEffect } from "react";
import { toast as sonner } from "sonner";
import { isToast, type Toast } from "~/utils/toast";

/** Shows a toast through the layout's <Toaster>. */
export function showToast({ type, message }: Toast): void {
  sonner[type](message);
}

/** Results already toasted, whichever component saw them first. */
const shown = new WeakSet<object>();

/**
 * Shows the toast of an action's result once per new result object: pass
 * `useActionData()` or `fetcher.data`. The same object seen again (a re-render, a
 * revalidation keeping it, an editor remounted after its save with a keyed fetcher's
 * data) shows nothing; a new submission's answer, even with the same text, shows again.
 */
export function useActionToast(result: { toast?: Toast } | undefined | null): void {
  useEffect(() => {
    if (!result || shown.has(result)) return;
    shown.add(result);
    if (isToast(result.toast)) showToast(result.toast);
  }, [result]);
}
