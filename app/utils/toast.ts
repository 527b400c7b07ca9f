import { data } from "react-router";

/*
 * Toasts from actions (isomorphic: actions build them, the admin screens show them).
 *
 *   export async function action({ request }) {
 *     …
 *     return toastResult({ type: "success", message: "Discipline sauvegardée avec succès" }, { discipline });
 *   }
 *   // in the component
 *   useActionToast(useActionData<typeof action>()); // or fetcher.data
 */

export type Toast = { type: "success" | "error" | "info"; message: string };

/** React Router `data({ toast, ...extra }, init)`: the toast beside the action's own data. */
export function toastResult<T extends object = Record<never, never>>(
  toast: Toast,
  extra?: T,
  init?: number | ResponseInit,
) {
  return data({ toast, ...(extra ?? ({} as T)) }, init);
}

/**
 * The answer of an action whose body always has the same fields: `defaults` (a fresh copy
 * each time), some of them given by `extra`, beside the toast.
 */
export function toastAnswer<Body extends object>(defaults: () => Body) {
  return (toast: Toast, extra: Partial<Body> = {}, status = 200) =>
    toastResult(toast, { ...defaults(), ...extra }, { status });
}

/** True for a value shaped like a Toast (what useActionToast accepts from any result). */
export function isToast(value: unknown): value is Toast {
  if (!value || typeof value !== "object") return false;
  const { type, message } = value as Record<string, unknown>;
  return (
    (type === "success" || type === "error" || type === "info") &&
    typeof message === "string" &&
    message !== ""
  );
}
