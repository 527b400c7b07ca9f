import { data } from "react-router";
import {
  processNotification,
  receiveNotification,
} from "~/domains/membership/helloasso/notifications.server";
import { getClientIp } from "~/utils/load-context";
import type { Route } from "./+types/helloasso-notification";

/*
 * /api/helloasso/notification: HelloAsso's calls. The body is checked and stored
 * (receiveNotification), answered at once, then processed: the checkout it names is read
 * back from HelloAsso's API. JSON bodies reach it past the request guards (server/request-guards.ts).
 */

export async function loader() {
  throw data("Adresse réservée aux notifications de HelloAsso.", { status: 405 });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data("Méthode refusée.", { status: 405 });
  const reception = await receiveNotification({
    body: await request.text(),
    ip: getClientIp(context),
    signature: request.headers.get("x-ha-signature"),
  });
  if (reception.inboxId !== null) {
    const id = reception.inboxId;
    setImmediate(() => {
      processNotification(id).catch((error: unknown) =>
        console.error("Notification HelloAsso non traitée (reprise par le rapprochement)", error),
      );
    });
  }
  return new Response(reception.status === 200 ? "OK\n" : "Refusé.\n", {
    status: reception.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
