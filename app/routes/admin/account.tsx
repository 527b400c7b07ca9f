import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { FormField, SubmitButton, useFocusFirstInvalid } from "~/components/admin/form-field";
import { PASSWORD_MIN_LENGTH } from "~/content/defaults";
import { deleteUserSessions } from "~/models/session.server";
import { setUserPassword, verifyLogin } from "~/models/user.server";
import { requireAdmin } from "~/utils/auth.server";
import { fieldErrors, formText } from "~/utils/forms";
import type { Route } from "./+types/account";

export const PasswordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, "Le mot de passe actuel est obligatoire"),
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, "Le mot de passe doit contenir au moins 6 caractères"),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: "Les mots de passe ne correspondent pas",
    path: ["confirmPassword"],
  });

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

export const meta: Route.MetaFunction = () => [
  { title: "Compte | Administration" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { username: admin.username };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = PasswordChangeSchema.safeParse(formText(await request.formData(), FIELDS));
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error) as Errors, success: null }, { status: 400 });
  }
  const { currentPassword, newPassword } = parsed.data;
  if (!(await verifyLogin({ username: admin.username, password: currentPassword }))) {
    const errors: Errors = { currentPassword: "Mot de passe actuel incorrect" };
    return data({ errors, success: null }, { status: 400 });
  }
  await setUserPassword({ userId: admin.userId, password: newPassword });
  // Whoever else holds a session (another device, or whoever learnt the old password)
  // is signed out; this browser stays signed in.
  await deleteUserSessions({ userId: admin.userId, exceptId: admin.id });
  return { errors: {} as Errors, success: "Mot de passe modifié avec succès" };
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const errors = clientErrors ?? actionData?.errors;
  useFocusFirstInvalid(formRef, errors);

  // Passwords are never shown back: the form empties after every answer.
  useEffect(() => {
    if (actionData) formRef.current?.reset();
  }, [actionData]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = PasswordChangeSchema.safeParse(
      formText(new FormData(event.currentTarget), FIELDS),
    );
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    setClientErrors(fieldErrors(parsed.error) as Errors);
  }

  return (
    <>
      <h1 className="text-2xl font-bold text-ink">Compte</h1>
      <section className="mt-6 max-w-md rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-bold text-ink">Changer le mot de passe</h2>
        <div aria-live="polite">
          {actionData?.success && !clientErrors && (
            <p role="status" className="mt-4 rounded-md bg-teal/20 px-3 py-2 text-sm text-ink">
              {actionData.success}
            </p>
          )}
        </div>
        <Form
          method="post"
          ref={formRef}
          noValidate
          onSubmit={validate}
          className="mt-4 flex flex-col gap-4"
        >
          <FormField
            label="Nom d'utilisateur"
            name="username"
            value={loaderData.username}
            readOnly
            autoComplete="username"
          />
          <FormField
            label="Mot de passe actuel"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            aria-required="true"
            error={errors?.currentPassword}
          />
          <FormField
            label="Nouveau mot de passe"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            aria-required="true"
            minLength={PASSWORD_MIN_LENGTH}
            error={errors?.newPassword}
          />
          <FormField
            label="Confirmer le nouveau mot de passe"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            aria-required="true"
            error={errors?.confirmPassword}
          />
          <SubmitButton busy={navigation.state === "submitting"} busyLabel="Modification...">
            Changer le mot de passe
          </SubmitButton>
        </Form>
      </section>
    </>
  );
}
