import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { PASSWORD_MIN_LENGTH } from "~/content/defaults";
import { fieldErrors, formText } from "~/utils/forms";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { SettingsCard } from "./settings-sections";
import { PASSWORD_FIELDS, PasswordChangeSchema, type PasswordErrors } from "./settings-schema";

interface PasswordAnswer {
  toast?: { type: "success" | "error" | "info"; message: string };
  errors: Record<string, string>;
}

/** The Compte tab: the username, read-only, and the password change (sent on its own). */
export function AccountSettings({ username }: { username: string }) {
  const fetcher = useFetcher<PasswordAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<PasswordErrors | null>(null);
  const errors: PasswordErrors = clientErrors ?? (fetcher.data?.errors as PasswordErrors) ?? {};
  const busy = fetcher.state !== "idle";
  useActionToast(fetcher.data);

  // Passwords are never shown back: the form empties after every answer; the focus goes
  // to the first field in error.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    formRef.current?.reset();
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [fetcher.state, fetcher.data]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = PasswordChangeSchema.safeParse(formText(form, PASSWORD_FIELDS));
    if (!parsed.success) {
      setClientErrors(fieldErrors(parsed.error) as PasswordErrors);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setClientErrors(null);
    form.set("intent", "password");
    void fetcher.submit(form, { method: "post" });
  }

  return (
    <SettingsCard
      title="Compte"
      description="Le mot de passe de l'administration. Les autres appareils connectés seront déconnectés."
    >
      <form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={submit}
        className="flex max-w-md flex-col gap-4"
      >
        <Field label="Nom d'utilisateur">
          <Input name="username" value={username} readOnly autoComplete="username" />
        </Field>
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
          <Button type="submit" busy={busy}>
            {busy ? "Modification..." : "Changer le mot de passe"}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
