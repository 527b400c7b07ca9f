import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { PASSWORD_MIN_LENGTH } from "~/domains/content/defaults";
import { SettingsCard } from "~/components/admin/content/settings/settings-sections";
import { errorsOf, type AccountAnswer } from "./account-schema";

/** Whether this form of Mon compte is being sent (its intent is in the submission). */
export function useSending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** A form's error that belongs to no field. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** The username (read-only) and the e-mail, the sign-in's and the password reset's address. */
export function IdentityCard({
  username,
  email,
  answer,
}: {
  username: string;
  email: string;
  answer: AccountAnswer | undefined;
}) {
  const errors = errorsOf(answer, "email");
  const sending = useSending("email");
  const shown = answer?.intent === "email" && answer.email !== undefined ? answer.email : email;
  return (
    <SettingsCard
      title="Identifiants"
      description="Vous pouvez vous connecter avec votre nom d'utilisateur ou votre adresse e-mail. C'est aussi là qu'arrive le lien de « Mot de passe oublié ? »."
    >
      <Form method="post" noValidate className="flex max-w-md flex-col gap-4">
        <input type="hidden" name="intent" value="email" />
        <Field label="Nom d'utilisateur">
          <Input value={username} readOnly />
        </Field>
        <Field label="Adresse e-mail" error={errors.email} required>
          <Input
            key={shown}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={shown}
            maxLength={254}
          />
        </Field>
        <div>
          <Button type="submit" busy={sending}>
            Enregistrer l'adresse
          </Button>
        </div>
      </Form>
    </SettingsCard>
  );
}

/** The password change: the current one, then the new one twice; nothing shown back. */
export function PasswordCard({ answer }: { answer: AccountAnswer | undefined }) {
  const errors = errorsOf(answer, "password");
  const sending = useSending("password");
  const formRef = useRef<HTMLFormElement>(null);
  // Passwords are never shown back: the form empties after every answer; the focus goes
  // to the first field in error.
  useEffect(() => {
    if (answer?.intent !== "password") return;
    formRef.current?.reset();
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [answer]);
  return (
    <SettingsCard
      title="Mot de passe"
      description="Après le changement, vos autres appareils connectés sont déconnectés."
    >
      <Form ref={formRef} method="post" noValidate className="flex max-w-md flex-col gap-4">
        <input type="hidden" name="intent" value="password" />
        <Field label="Mot de passe actuel" error={errors.currentPassword} required>
          <Input name="currentPassword" type="password" autoComplete="current-password" />
        </Field>
        <Field
          label="Nouveau mot de passe"
          error={errors.newPassword}
          required
          description={`${PASSWORD_MIN_LENGTH} caractères au moins`}
        >
          <Input
            name="newPassword"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
          />
        </Field>
        <Field label="Confirmer le nouveau mot de passe" error={errors.confirmPassword} required>
          <Input name="confirmPassword" type="password" autoComplete="new-password" />
        </Field>
        <div>
          <Button type="submit" busy={sending}>
            {sending ? "Modification..." : "Changer le mot de passe"}
          </Button>
        </div>
      </Form>
    </SettingsCard>
  );
}
