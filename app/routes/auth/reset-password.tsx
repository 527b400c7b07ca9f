import { data } from "react-router";
import {
  AuthNotice,
  AuthPage,
  BackToLogin,
  DeadLink,
} from "~/components/admin/volunteers/auth-page";
import { NewPasswordForm } from "~/components/admin/volunteers/new-password-form";
import {
  NEW_PASSWORD_FIELDS,
  NewPasswordSchema,
  type NewPasswordErrors,
} from "~/components/admin/volunteers/account/account-schema";
import { getPasswordReset, resetPassword } from "~/domains/volunteers/password-reset.server";
import { adminMeta } from "~/utils/admin-route";
import { fieldErrors, formText, readForm } from "~/core/form";
import { getClientIp } from "~/utils/load-context";
import type { Route } from "./+types/reset-password";
// Every class of the back office, over the public stylesheet of app/root.tsx.
import "~/admin.css";

/*
 * /admin/reinitialiser/:token, the link of the reset mail (Mot de passe oublié ?): a new
 * password, then every session of the account ends and the person signs in again, with
 * their second factor if they have one. A dead link answers 410 and names no account.
 */

export const meta: Route.MetaFunction = () => adminMeta("Nouveau mot de passe");

type State =
  | { state: "form"; username: string; errors: NewPasswordErrors }
  | { state: "dead" }
  | { state: "done" };

const dead = () => data<State>({ state: "dead" }, { status: 410 });

export async function loader({ params }: Route.LoaderArgs) {
  const reset = await getPasswordReset({ token: params.token });
  if (!reset) return dead();
  return data<State>({ state: "form", username: reset.username, errors: {} });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const reset = await getPasswordReset({ token: params.token });
  if (!reset) return dead();
  const parsed = NewPasswordSchema.safeParse(formText(form, NEW_PASSWORD_FIELDS));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error) as NewPasswordErrors;
    return data<State>({ state: "form", username: reset.username, errors }, { status: 400 });
  }
  const done = await resetPassword({
    token: params.token,
    password: parsed.data.newPassword,
    ip: getClientIp(context),
  });
  // NOTE: the status is said, not left out: after an action, React Router takes the
  // loader's status when the action names none, and the loader, which runs again once
  // the link is spent, answers 410.
  return done ? data<State>({ state: "done" }, { status: 200 }) : dead();
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  if (view.state === "dead") {
    return (
      <DeadLink title="Nouveau mot de passe">
        Ce lien de réinitialisation n'est plus valable : il a déjà servi ou il a expiré (il vaut une
        heure). Demandez-en un nouveau depuis « Mot de passe oublié ? ».
      </DeadLink>
    );
  }
  if (view.state === "done") {
    return (
      <AuthPage title="Nouveau mot de passe">
        <AuthNotice>
          Mot de passe modifié. Toutes les sessions de ce compte ont été fermées : connectez-vous
          avec le nouveau mot de passe.
        </AuthNotice>
        <BackToLogin>Se connecter</BackToLogin>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Nouveau mot de passe">
      <p className="mt-4 text-sm text-gray-700">
        Choisissez le nouveau mot de passe du compte « <strong>{view.username}</strong> » (6
        caractères au moins).
      </p>
      <NewPasswordForm
        username={view.username}
        errors={view.errors}
        submitLabel="Enregistrer le mot de passe"
        busyLabel="Enregistrement..."
      />
    </AuthPage>
  );
}
