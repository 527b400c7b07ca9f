import { useRef, useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { FormField, SubmitButton, useFocusFirstInvalid } from "~/components/admin/forms/form-field";
import { fieldErrors, formText } from "~/core/form";
import {
  NEW_PASSWORD_FIELDS,
  NewPasswordSchema,
  type NewPasswordErrors,
} from "~/components/admin/volunteers/account/account-schema";

/**
 * The new password, twice (invitation and reset pages): a plain form posted to the page's
 * action, checked in the browser first when script runs. Passwords are never sent back.
 */
export function NewPasswordForm({
  errors: serverErrors,
  submitLabel,
  busyLabel,
  username,
}: {
  errors?: NewPasswordErrors;
  submitLabel: string;
  busyLabel: string;
  /** The account's name, for password managers. */
  username: string;
}) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<NewPasswordErrors | null>(null);
  const errors = clientErrors ?? serverErrors;
  useFocusFirstInvalid(formRef, errors);

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = NewPasswordSchema.safeParse(
      formText(new FormData(event.currentTarget), NEW_PASSWORD_FIELDS),
    );
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    setClientErrors(fieldErrors(parsed.error) as NewPasswordErrors);
  }

  return (
    <Form
      method="post"
      ref={formRef}
      noValidate
      onSubmit={validate}
      className="mt-6 flex flex-col gap-4"
    >
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <FormField
        label="Nouveau mot de passe"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        aria-required="true"
        error={errors?.newPassword}
      />
      <FormField
        label="Confirmer le mot de passe"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        aria-required="true"
        error={errors?.confirmPassword}
      />
      <SubmitButton busy={navigation.state === "submitting"} busyLabel={busyLabel}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
