import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast as sonner } from "sonner";
import { isToast, type Toast } from "~/utils/toast";

/**
 * Shows a toast through the layout's <Toaster>, one per text: the text (type and message)
 * is the toast's id, so a second answer with the text of a toast still on screen (sonner
 * keeps one 4 s) updates that toast instead of stacking a copy, maybe hidden behind the
 * others (e2e: two saves of a screen a few seconds apart, admin-pages-editor.spec.ts).
 */
export function showToast({ type, message }: Toast): void {
  sonner[type](message, { id: `${type}:${message}` });
}

/** Results already toasted, whichever component saw them first. */
const shown = new WeakSet<object>();

/**
 * Shows the toast of an action's result once per new result object: pass
 * `useActionData()` or `fetcher.data`. The same object seen again (a re-render, a
 * revalidation keeping it, an editor remounted after its save with a keyed fetcher's
 * data) shows nothing; a new submission's answer, even with the same text, shows again.
 *
 * NOTE: the effect has no dependency list on purpose: it looks after every render of the
 * component, and `shown` keeps it to once. React Router writes a fetcher's answer into
 * fetcher.data (a map outside React's state) before its state update reaches React; a
 * render in between, one that React bails out of (a state set to the value it has, such as
 * an onSubmit's `setError(null)`), reads the answer with the old state, and React records
 * `[result]` as seen without running the effect. The toast then never came (e2e: 3 saves
 * of ~330 on the schedule screen under load; use-action-toast.test.ts).
 */
export function useActionToast(result: { toast?: Toast } | undefined | null): void {
  useEffect(() => {
    if (!result || shown.has(result)) return;
    shown.add(result);
    if (isToast(result.toast)) showToast(result.toast);
  });
}

/**
 * The fetcher of a row's button whose action may take the row off the list (delete, move
 * to another folder), shared by the list's rows under `key`: the list, which stays on
 * screen, shows the answer's toast with `useRowsToast(key)`. The row itself may be gone
 * when the list reloads, before it has ever rendered the answer. `busy`: this row's
 * submission (its `id` field) is running.
 */
export function useRowFetcher<T>(key: string, id: number) {
  const fetcher = useFetcher<T>({ key });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(id);
  return { fetcher, busy };
}

/** Shows the toasts of the rows' fetcher kept under `key` (useRowFetcher). */
export function useRowsToast(key: string): void {
  useActionToast(useFetcher<{ toast?: Toast }>({ key }).data);
}
