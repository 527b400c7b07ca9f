import type { Route } from "./+types/history";
import { historyAction, historyLoader } from "./history.server";

/* GET and POST /admin/historique: the Historique panel's data and its restore. */

export async function loader({ request }: Route.LoaderArgs) {
  return historyLoader({ request });
}

export async function action({ request, context }: Route.ActionArgs) {
  return historyAction({ request, context });
}
