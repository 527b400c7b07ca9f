import { requireAdmin } from "~/utils/auth.server";
import type { Route } from "./+types/inscriptions";

// Work in progress (h5b): the screen follows.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Placeholder() {
  return <h1 className="text-2xl font-bold text-ink">En construction</h1>;
}
