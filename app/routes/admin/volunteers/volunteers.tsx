import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { InviteForm } from "~/components/admin/volunteers/invite-form";
import { VolunteerCard } from "~/components/admin/volunteers/volunteer-card";
import { countLabel } from "~/utils/list-params";
import { listVolunteers } from "~/domains/volunteers/volunteer.server";
import { adminMeta } from "~/utils/admin-route";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import type { Route } from "./+types/volunteers";
import { volunteersAction } from "./volunteers.server";

/*
 * /admin/benevoles (admin only): the club's volunteers, each with their roles, state and
 * last sign-in, and the invitation of a new one. A club has a few dozen at most: one page,
 * no search (the back office's list pattern, ADR 014, is for lists that grow).
 */

export const meta: Route.MetaFunction = () => adminMeta("Bénévoles");

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireCapability(request, "admin");
  return { volunteers: await listVolunteers(), me: session.userId };
}

export async function action({ request, context }: Route.ActionArgs) {
  return volunteersAction(request, context);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

export default function Volunteers({ loaderData }: Route.ComponentProps) {
  const { volunteers, me } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Bénévoles"
        description="Les personnes qui tiennent le site, chacune avec ses rôles : invitez-en une par e-mail, changez ses rôles, désactivez son compte quand elle part."
      />
      <div className="flex flex-col gap-8">
        <InviteForm />
        <section aria-labelledby="benevoles-liste" className="flex flex-col gap-4">
          <h2 id="benevoles-liste" className="text-xl font-bold text-ink">
            {countLabel(volunteers.length, "bénévole", "bénévoles")}
          </h2>
          <ul className="grid gap-4 lg:grid-cols-2">
            {volunteers.map((volunteer) => (
              <VolunteerCard key={volunteer.id} volunteer={volunteer} isMe={volunteer.id === me} />
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
