import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { FormField, SubmitButton, useFocusFirstInvalid } from "~/components/admin/forms/form-field";
import { LOGIN_DELAY_MS } from "~/content/defaults";
import {
  attemptLogin,
  getUser,
  safeRedirect,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "~/utils/auth.server";
import { fieldErrors, formText, readForm } from "~/utils/forms";
import { getClientIp } from "~/utils/load-context";
import { readSessionId, sessionCookie } from "~/utils/session.server";
import { adminMeta } from "~/utils/admin-route";
import type { Route } from "./+types/login";
// Every class of the back office, over the public stylesheet of app/root.tsx.
import "~/admin.css";
import { rememberAdminOrigin } from "~/models/site-address.server";

export const LoginSchema = z.object({
  username: z.string().trim().min(1, "Le nom d'utilisateur est obligatoire"),
  password: z.string().min(1, "Le mot de passe est obligatoire"),
});

const WRONG_CREDENTIALS = "Identifiants incorrects";

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
    logoutError: loggedOut === "0" ? "Erreur lors de la déconnexion" : null,
  };
}

function sleepUntil(time: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now())));
}

// NOTE: every answer, success, failure or refusal, waits until LOGIN_DELAY_MS after the
// request arrived, so its timing tells nothing (../shared/DESIGN.md, departures).
export async function action({ request, context }: Route.ActionArgs) {
  const answerAt = Date.now() + LOGIN_DELAY_MS;
  try {
    return await login(request, getClientIp(context));
  } finally {
    await sleepUntil(answerAt);
  }
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
  // The links of mails use it while PUBLIC_URL is unset (site-address.server.ts).
  await rememberAdminOrigin(request);
  return redirect(safeRedirect(fields.redirectTo), {
    headers: { "Set-Cookie": sessionCookie(request, result.sessionId) },
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const errors = clientErrors ?? actionData?.errors;
  useFocusFirstInvalid(formRef, errors);

  // A refused password is never shown back, with or without JavaScript.
  useEffect(() => {
    if (actionData && passwordRef.current) passwordRef.current.value = "";
  }, [actionData]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const fields = formText(new FormData(event.currentTarget), ["username", "password"]);
    const parsed = LoginSchema.safeParse(fields);
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    setClientErrors(fieldErrors(parsed.error) as Errors);
  }

  const message = actionData?.formError ?? loaderData.logoutError;
  return (
    <main className="flex min-h-screen items-center justify-center bg-ink px-4 py-12">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow-lg sm:p-8">
        <h1 className="text-2xl font-bold text-ink">Connexion</h1>
        <p className="mt-1 text-sm text-gray-600">Espace d'administration du club</p>
        <div aria-live="polite" className="mt-4 empty:hidden">
          {loaderData.notice && !actionData && (
            <p role="status" className="rounded-md bg-teal/20 px-3 py-2 text-sm text-ink">
              {loaderData.notice}
            </p>
          )}
        </div>
        {message && (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {message}
          </p>
        )}
        <Form
          method="post"
          ref={formRef}
          noValidate
          onSubmit={validate}
          className="mt-6 flex flex-col gap-4"
        >
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <FormField
            label="Nom d'utilisateur"
            name="username"
            autoComplete="username"
            aria-required="true"
            defaultValue={actionData?.fields.username ?? ""}
            error={errors?.username}
          />
          <FormField
            ref={passwordRef}
            label="Mot de passe"
            name="password"
            type="password"
            autoComplete="current-password"
            aria-required="true"
            error={errors?.password}
          />
          <SubmitButton busy={navigation.state === "submitting"} busyLabel="Connexion...">
            Se connecter
          </SubmitButton>
        </Form>
      </div>
    </main>
  );
}
