import { data, Form, useNavigation } from "react-router";
import * as z from "~/core/zod";
import { FormField, SubmitButton, useCheckedForm } from "~/components/admin/forms/form-field";
import {
  AuthAlert,
  AuthNotice,
  AuthPage,
  BackToLogin,
} from "~/components/admin/volunteers/auth-page";
import { kickMailWorker } from "~/domains/mail/worker.server";
import { requestPasswordReset } from "~/domains/volunteers/password-reset.server";
import { adminMeta } from "~/utils/admin-route";
import { fieldErrors, formText, readForm } from "~/core/form";
import { withSteadyTiming } from "~/domains/volunteers/steady-timing.server";
import { getClientIp } from "~/utils/load-context";
import type { Route } from "./+types/forgot-password";
// Every class of the back office, over the public stylesheet of app/root.tsx.
import "~/admin.css";

/*
 * /admin/mot-de-passe-oublie: a reset link by e-mail (app/domains/volunteers/password-reset.server.ts).
 * The answer is the same, word for word, whether the address belongs to an account or not,
 * and comes no sooner than the login's delay after the request, so neither its text nor
 * its timing tells (../shared/DESIGN.md, departures: the login's 800 ms).
 */

export const ForgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "L'adresse e-mail est obligatoire")
    .max(200, "Adresse e-mail invalide")
    .pipe(z.email("Adresse e-mail invalide")),
});

export const RESET_SENT_MESSAGE =
  "Si un compte correspond à cette adresse, un e-mail vient de lui être envoyé avec un lien pour choisir un nouveau mot de passe. Ce lien est valable une heure.";
export const RESET_THROTTLED_MESSAGE =
  "Trop de demandes de réinitialisation depuis cette adresse. Réessayez dans 15 minutes.";

type Errors = Partial<Record<"email", string>>;

export const meta: Route.MetaFunction = () => adminMeta("Mot de passe oublié");

// Every answer waits the same time, so its timing tells nothing.
export async function action({ request, context }: Route.ActionArgs) {
  return withSteadyTiming(() => askForReset(request, getClientIp(context)));
}

async function askForReset(request: Request, ip: string) {
  const fields = formText(await readForm(request), ["email"]);
  const parsed = ForgotPasswordSchema.safeParse(fields);
  if (!parsed.success) {
    return data(
      {
        errors: fieldErrors(parsed.error) as Errors,
        notice: null,
        formError: null,
        email: fields.email,
      },
      { status: 400 },
    );
  }
  const result = await requestPasswordReset({ email: parsed.data.email, ip });
  if (result === "throttled") {
    return data(
      { errors: {} as Errors, notice: null, formError: RESET_THROTTLED_MESSAGE, email: "" },
      { status: 429 },
    );
  }
  if (result === "sent") kickMailWorker();
  // NOTE: the same body for "sent" and "quiet": nothing about the address goes back.
  return data({ errors: {} as Errors, notice: RESET_SENT_MESSAGE, formError: null, email: "" });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { errors, formProps } = useCheckedForm({
    schema: ForgotPasswordSchema,
    names: ["email"],
    serverErrors: actionData?.errors,
  });

  return (
    <AuthPage title="Mot de passe oublié">
      <p className="mt-4 text-sm text-gray-700">
        Indiquez l'adresse e-mail de votre compte : nous vous envoyons un lien pour choisir un
        nouveau mot de passe.
      </p>
      <div aria-live="polite" className="empty:hidden">
        {actionData?.notice && <AuthNotice>{actionData.notice}</AuthNotice>}
      </div>
      {actionData?.formError && <AuthAlert>{actionData.formError}</AuthAlert>}
      <Form method="post" {...formProps} className="mt-6 flex flex-col gap-4">
        <FormField
          label="Adresse e-mail"
          name="email"
          type="email"
          autoComplete="email"
          aria-required="true"
          defaultValue={actionData?.email ?? ""}
          error={errors?.email}
        />
        <SubmitButton busy={navigation.state === "submitting"} busyLabel="Envoi...">
          Recevoir le lien
        </SubmitButton>
      </Form>
      <BackToLogin />
    </AuthPage>
  );
}
