import type { ShouldRevalidateFunction } from "react-router";
import type { Toast } from "./toast";

/*
 * A back-office save that never reaches the server (Wi-Fi lost, server restarting) would
 * otherwise throw into the route's error page and lose what the admin typed. Each admin
 * route with an action exports:
 *
 *   export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
 *     keepInputOnNetworkFailure(serverAction);
 *   export const shouldRevalidate = unlessNetworkFailure(); // or (theRouteOwnRule)
 *
 * so that the screen stays as it is and shows a toast; the admin layout skips its
 * revalidation too (it would fail the same way).
 */

export const NETWORK_FAILURE_TOAST: Toast = {
  type: "error",
  message:
    "Le serveur ne répond pas : rien n'a été enregistré et vos saisies sont conservées. Vérifiez la connexion puis réessayez.",
};

/** Shaped like the admin actions' refusals (ok: false, no field error), plus its mark. */
type NetworkFailure = {
  toast: Toast;
  ok: false;
  errors: Record<string, never>;
  networkFailure: true;
};

export async function keepInputOnNetworkFailure<T>(
  serverAction: () => Promise<T>,
): Promise<T | NetworkFailure> {
  try {
    return await serverAction();
  } catch (error) {
    // fetch() rejects with a TypeError when no answer comes; answers (4xx, 5xx, redirects)
    // are not caught here.
    if (error instanceof TypeError) {
      return { toast: NETWORK_FAILURE_TOAST, ok: false, errors: {}, networkFailure: true };
    }
    throw error;
  }
}

/** The route's own revalidation rule, except after a save that got no answer. */
export function unlessNetworkFailure(
  own: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => defaultShouldRevalidate,
): ShouldRevalidateFunction {
  return (args) =>
    (args.actionResult as Partial<NetworkFailure> | undefined)?.networkFailure === true
      ? false
      : own(args);
}
