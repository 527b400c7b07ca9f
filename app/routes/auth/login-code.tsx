import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormField, SubmitButton } from "~/components/admin/forms/form-field";
import { SignInAlert, SignInCard } from "~/components/admin/volunteers/account/sign-in-card";
import { deleteSession } from "~/domains/volunteers/sessions.server";
import {
  ACCOUNT_PATH,
  attemptSecondFactor,
  ENROL_AGAIN_PARAM,
  getUser,
  isSecondFactorExpired,
  LOGIN_PATH,
  safeRedirect,
} from "~/domains/volunteers/auth.server";
import { formText, readForm } from "~/core/form";
import { getClientIp } from "~/utils/load-context";
import { getTwoFactorStatus } from "~/domains/volunteers/two-factor.server";
import { adminMeta } from "~/utils/admin-route";
import { clearedSessionCookie, sessionCookie } from "~/domains/volunteers/session.server";
import type { Route } from "./+types/login-code";
import "~/admin.css";

/*
 * The second step of a sign-in (docs/decisions/018-two-factor-sign-in.md): the code of
 * the authenticator app, or a recovery code (?secours=1), for a session awaiting it.
 * A plain form posted to the action: it works without script, as the login page does.
 * A factor that can no longer be opened (a restore without DATA_DIR's key) is said so,
 * and only a recovery code is asked; Mon compte then asks to enrol again.
 */

export const CODE_MESSAGES = {
  required: "Le code est obligatoire",
  wrong: "Code incorrect ou déjà utilisé",
  throttled: "Trop de codes erronés. Réessayez dans 15 minutes.",
  unreadable:
    "Votre double authentification ne peut plus être lue : le site a été restauré sans sa clé secrète. Saisissez l'un de vos codes de secours, puis activez-la de nouveau. Sans code de secours, demandez à la personne qui gère le serveur de la réinitialiser.",
} as const;

export const meta: Route.MetaFunction = () => adminMeta("Code de connexion");

const expiredRedirect = (request: Request) =>
  redirect(`${LOGIN_PATH}?codeExpired=1`, {
    headers: { "Set-Cookie": clearedSessionCookie(request) },
  });

/** The session awaiting its code, else the answer that sends the visitor on. */
async function requirePendingCode(request: Request, redirectTo: string) {
  const session = await getUser(request);
  if (session?.pending === "") throw redirect(redirectTo);
  if (session?.pending !== "code") throw redirect(LOGIN_PATH);
  return session;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const session = await requirePendingCode(request, redirectTo);
  if (isSecondFactorExpired(session)) {
    await deleteSession({ id: session.id });
    throw expiredRedirect(request);
  }
  const { unreadable } = await getTwoFactorStatus({ userId: session.userId });
  return {
    redirectTo,
    recovery: unreadable || url.searchParams.get("secours") === "1",
    unreadable,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formText(await readForm(request), ["code", "redirectTo"]);
  const redirectTo = safeRedirect(fields.redirectTo);
  const session = await requirePendingCode(request, redirectTo);
  const code = fields.code.trim();
  if (code === "") return data({ error: CODE_MESSAGES.required }, { status: 400 });
  const result = await attemptSecondFactor({
    session,
    code,
    ip: getClientIp(context),
    userAgent: request.headers.get("User-Agent") ?? "",
  });
  if (result.status === "expired") throw expiredRedirect(request);
  if (result.status === "unreadable") {
    return data({ error: CODE_MESSAGES.unreadable }, { status: 400 });
  }
  if (result.status === "success" && result.enrolAgain) {
    return redirect(`${ACCOUNT_PATH}?${ENROL_AGAIN_PARAM}=1`, {
      headers: { "Set-Cookie": sessionCookie(request, result.sessionId) },
    });
  }
  if (result.status === "throttled") {
    return data({ error: CODE_MESSAGES.throttled }, { status: 429 });
  }
  if (result.status === "invalid") return data({ error: CODE_MESSAGES.wrong }, { status: 400 });
  return redirect(redirectTo, {
    headers: { "Set-Cookie": sessionCookie(request, result.sessionId) },
  });
}

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { redirectTo, recovery, unreadable } = loaderData;
  const other = new URLSearchParams({ redirectTo });
  if (!recovery) other.set("secours", "1");
  const error = actionData?.error;
  // A throttle, or a factor that cannot be read, is about the form, not the typed code:
  // said above it.
  const throttled = error === CODE_MESSAGES.throttled || error === CODE_MESSAGES.unreadable;
  return (
    <SignInCard title="Double authentification">
      <p className="mt-4 text-sm text-gray-700">
        {recovery
          ? "Saisissez l'un de vos codes de secours. Chaque code ne sert qu'une fois."
          : "Saisissez le code à 6 chiffres affiché par votre application d'authentification."}
      </p>
      <SignInAlert message={throttled ? error : unreadable ? CODE_MESSAGES.unreadable : null} />
      <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {recovery ? (
          <FormField
            key="recovery"
            label="Code de secours"
            name="code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-required="true"
            autoFocus
            error={throttled ? undefined : error}
          />
        ) : (
          <FormField
            key="totp"
            label="Code à 6 chiffres"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9 ]*"
            maxLength={7}
            aria-required="true"
            autoFocus
            error={throttled ? undefined : error}
          />
        )}
        <SubmitButton busy={navigation.state === "submitting"} busyLabel="Vérification...">
          Valider
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm" hidden={unreadable}>
        <Link to={`?${other}`} replace className="font-semibold text-teal-dark underline">
          {recovery ? "Utiliser le code de l'application" : "Utiliser un code de secours"}
        </Link>
      </p>
      <Form method="post" action="/admin/logout" className="mt-2 text-center">
        <button type="submit" className="text-sm text-gray-700 underline">
          Se connecter avec un autre compte
        </button>
      </Form>
    </SignInCard>
  );
}
