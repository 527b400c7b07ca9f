import { redirect } from "react-router";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { deleteSession } from "~/domains/volunteers/sessions.server";
import { getUser } from "~/domains/volunteers/auth.server";
import { getClientIp } from "~/utils/load-context";
import { clearedSessionCookie, readSessionId } from "~/domains/volunteers/session.server";
import type { Route } from "./+types/logout";

// Only a POST logs out: a link, a prefetch or an image pointing here must not.
export function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: Route.ActionArgs) {
  const headers = { "Set-Cookie": clearedSessionCookie(request) };
  const id = readSessionId(request);
  try {
    const session = id ? await getUser(request) : null;
    if (session) {
      // The journal's "logout" row and the session's end: one transaction.
      await withActivity(actorOf(session, getClientIp(context)), { action: "logout" }, () =>
        deleteSession({ id: session.id }),
      );
    } else if (id) {
      await deleteSession({ id });
    }
  } catch (error) {
    console.error("Déconnexion : la session n'a pas pu être supprimée", error);
    return redirect("/admin/login?loggedOut=0", { headers });
  }
  return redirect("/admin/login?loggedOut=1", { headers });
}
