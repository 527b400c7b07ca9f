import { ofClub } from "~/core/french";
import { data, redirect } from "react-router";
import { AuthPage, DeadLink } from "~/components/admin/volunteers/auth-page";
import { NewPasswordForm } from "~/components/admin/volunteers/new-password-form";
import {
  NEW_PASSWORD_FIELDS,
  NewPasswordSchema,
  type NewPasswordErrors,
} from "~/components/admin/volunteers/account/account-schema";
import { deleteSession } from "~/domains/volunteers/sessions.server";
import { getSettings } from "~/domains/content/settings.server";
import { acceptInvitation, getInvitation } from "~/domains/volunteers/volunteer-invitation.server";
import { adminMeta } from "~/utils/admin-route";
import { ACCOUNT_PATH, DEFAULT_ADMIN_PATH } from "~/domains/volunteers/auth.server";
import { fieldErrors, formText, readForm } from "~/core/form";
import { getClientIp } from "~/utils/load-context";
import { readSessionId, sessionCookie } from "~/domains/volunteers/session.server";
import type { Route } from "./+types/invitation";
// Every class of the back office, over the public stylesheet of app/root.tsx.
import "~/admin.css";

/*
 * /admin/invitation/:token, the link of the invitation mail (Bénévoles): the person
 * chooses a password and is signed in. A link unknown, used or expired answers 410 with
 * the same page, which names no account.
 */

export const meta: Route.MetaFunction = () => adminMeta("Invitation");

async function clubName(): Promise<string> {
  return (await getSettings({ category: "general" })).siteName;
}

function deadLink() {
  return data({ invitation: null, errors: {} as NewPasswordErrors }, { status: 410 });
}

export async function loader({ params }: Route.LoaderArgs) {
  const invitation = await getInvitation({ token: params.token });
  if (!invitation) return deadLink();
  return { invitation: { username: invitation.username, club: await clubName() } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const invitation = await getInvitation({ token: params.token });
  if (!invitation) return deadLink();
  const parsed = NewPasswordSchema.safeParse(formText(form, NEW_PASSWORD_FIELDS));
  if (!parsed.success) {
    return data(
      {
        invitation: { username: invitation.username, club: await clubName() },
        errors: fieldErrors(parsed.error) as NewPasswordErrors,
      },
      { status: 400 },
    );
  }
  const session = await acceptInvitation({
    token: params.token,
    password: parsed.data.newPassword,
    ip: getClientIp(context),
    userAgent: request.headers.get("User-Agent") ?? "",
  });
  if (!session) return deadLink();
  // This browser's earlier session, if any (another account), ends with the new one.
  const previous = readSessionId(request);
  if (previous) await deleteSession({ id: previous });
  return redirect(session.pending === "enrol" ? ACCOUNT_PATH : DEFAULT_ADMIN_PATH, {
    headers: { "Set-Cookie": sessionCookie(request, session.sessionId) },
  });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const invitation = actionData ? actionData.invitation : loaderData.invitation;
  if (!invitation) {
    return (
      <DeadLink title="Invitation">
        Ce lien d'invitation n'est plus valable : il a déjà servi ou il a expiré. Demandez à un
        administrateur du club de vous envoyer une nouvelle invitation.
      </DeadLink>
    );
  }
  return (
    <AuthPage title="Bienvenue" subtitle={`Espace d'administration ${ofClub(invitation.club)}`}>
      <p className="mt-4 text-sm text-gray-700">
        Votre compte « <strong>{invitation.username}</strong> » est prêt. Choisissez votre mot de
        passe (6 caractères au moins) pour entrer dans l'espace d'administration.
      </p>
      <NewPasswordForm
        username={invitation.username}
        errors={actionData?.errors}
        submitLabel="Choisir ce mot de passe"
        busyLabel="Enregistrement..."
      />
    </AuthPage>
  );
}
