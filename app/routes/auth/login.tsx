import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import * as z from "~/core/zod";
import {
  FormField,
  PasswordField,
  SubmitButton,
  useCheckedForm,
} from "~/components/admin/forms/form-field";
import { SignInAlert, SignInCard } from "~/components/admin/volunteers/account/sign-in-card";
import {
  ACCOUNT_PATH,
  attemptLogin,
  getUser,
  safeRedirect,
  SECOND_FACTOR_PATH,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "~/domains/volunteers/auth.server";
import { fieldErrors, formText, readForm } from "~/core/form";
import { withSteadyTiming } from "~/domains/volunteers/steady-timing.server";
import { getClientIp } from "~/utils/load-context";
import { readSessionId, sessionCookie } from "~/domains/volunteers/session.server";
import { adminMeta } from "~/utils/admin-route";
import type { Route } from "./+types/login";
// Every class of the back office, over the public stylesheet of app/root.tsx.
import "~/admin.css";

export const LoginSchema = z.object({
  username: z.string().trim().min(1, "Le nom d'utilisateur est obligatoire"),
  password: z.secret().min(1, "Le mot de passe est obligatoire"),
});

const WRONG_CREDENTIALS = "Identifiants incorrects";
/** The code's page sends back here when its 10 minutes are over (login-code.tsx). */
export const CODE_EXPIRED_MESSAGE = "Le délai pour saisir le code est dépassé : reconnectez-vous.";
/** The password reset's page (docs/decisions/018-two-factor-sign-in.md). */
export const FORGOTTEN_PASSWORD_PATH = "/admin/mot-de-passe-oublie";

type Errors = Partial<Record<"username" | "password", string>>;

export const meta: Route.MetaFunction = () => adminMeta("Connexion");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("redirectTo");
  if ((await getUser(request))?.pending === "") throw redirect(safeRedirect(asked));
  const loggedOut = url.searchParams.get("loggedOut");
  return {
    redirectTo: asked ? safeRedirect(asked) : "",
    notice: loggedOut === "1" ? "Déconnexion réussie" : null,
    error:
      loggedOut === "0"
        ? "Erreur lors de la déconnexion"
        : url.searchParams.get("codeExpired") === "1"
          ? CODE_EXPIRED_MESSAGE
          : null,
  };
}

// Every answer waits the same time, so its timing tells nothing.
export async function action({ request, context }: Route.ActionArgs) {
  return withSteadyTiming(() => login(request, getClientIp(context)));
}

async function login(request: Request, ip: string) {
  const formData = await readForm(request);
  const fields = formText(formData, ["username", "password", "redirectTo"]);
  const kept = { username: fields.username };
  const parsed = LoginSchema.safeParse(fields);
  if (!parsed.success) {
    return data(
      { errors: fieldErrors(parsed.error) as Errors, formError: null, fields: kept },
      { status: 400 },
    );
  }
  const result = await attemptLogin({
    ...parsed.data,
    ip,
    userAgent: request.headers.get("User-Agent") ?? "",
    previousSessionId: readSessionId(request),
  });
  if (result.status === "throttled") {
    return data(
      { errors: {} as Errors, formError: TOO_MANY_ATTEMPTS_MESSAGE, fields: kept },
      { status: 429 },
    );
  }
  if (result.status === "invalid") {
    return data(
      { errors: {} as Errors, formError: WRONG_CREDENTIALS, fields: kept },
      { status: 401 },
    );
  }
  const next = safeRedirect(fields.redirectTo);
  const to =
    result.pending === "code"
      ? `${SECOND_FACTOR_PATH}?${new URLSearchParams({ redirectTo: next })}`
      : result.pending === "enrol"
        ? ACCOUNT_PATH
        : next;
  return redirect(to, { headers: { "Set-Cookie": sessionCookie(request, result.sessionId) } });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const passwordRef = useRef<HTMLInputElement>(null);
  const { errors, formProps } = useCheckedForm({
    schema: LoginSchema,
    names: ["username", "password"],
    serverErrors: actionData?.errors,
  });

  // A refused password is never shown back, with or without JavaScript.
  useEffect(() => {
    if (actionData && passwordRef.current) passwordRef.current.value = "";
  }, [actionData]);

  const message = actionData?.formError ?? loaderData.error;
  return (
    <SignInCard title="Connexion">
      <div aria-live="polite" className="mt-4 empty:hidden">
        {loaderData.notice && !actionData && (
          <p role="status" className="rounded-md bg-teal/20 px-3 py-2 text-sm text-ink">
            {loaderData.notice}
          </p>
        )}
      </div>
      <SignInAlert message={message} />
      <Form method="post" {...formProps} className="mt-6 flex flex-col gap-4">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormField
          label="Nom d'utilisateur ou e-mail"
          name="username"
          autoComplete="username"
          aria-required="true"
          defaultValue={actionData?.fields.username ?? ""}
          error={errors?.username}
        />
        <PasswordField
          ref={passwordRef}
          label="Mot de passe"
          name="password"
          autoComplete="current-password"
          error={errors?.password}
        />
        <SubmitButton busy={navigation.state === "submitting"} busyLabel="Connexion...">
          Se connecter
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to={FORGOTTEN_PASSWORD_PATH} className="font-semibold text-teal-dark underline">
          Mot de passe oublié ?
        </Link>
      </p>
    </SignInCard>
  );
}
