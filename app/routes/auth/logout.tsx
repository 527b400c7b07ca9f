import { redirect } from "react-router";
import { deleteSession } from "~/models/session.server";
import { clearedSessionCookie, readSessionId } from "~/utils/session.server";
import type { Route } from "./+types/logout";

// Only a POST logs out: a link, a prefetch or an image pointing here must not.
export function loader() {
  return redirect("/admin");
}

export async function action({ request }: Route.ActionArgs) {
  const headers = { "Set-Cookie": clearedSessionCookie(request) };
  const id = readSessionId(request);
  try {
    if (id) await deleteSession({ id });
  } catch (error) {
    console.error("Déconnexion : la session n'a pas pu être supprimée", error);
    return redirect("/admin/login?loggedOut=0", { headers });
  }
  return redirect("/admin/login?loggedOut=1", { headers });
}
