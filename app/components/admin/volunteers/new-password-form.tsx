import { Form, useNavigation } from "react-router";
import { PasswordField, SubmitButton, useCheckedForm } from "~/components/admin/forms/form-field";
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
  const { errors, formProps } = useCheckedForm({
    schema: NewPasswordSchema,
    names: NEW_PASSWORD_FIELDS,
    serverErrors,
  });

  return (
    <Form method="post" {...formProps} className="mt-6 flex flex-col gap-4">
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <PasswordField
        label="Nouveau mot de passe"
        name="newPassword"
        autoComplete="new-password"
        error={errors?.newPassword}
      />
      <PasswordField
        label="Confirmer le mot de passe"
        name="confirmPassword"
        autoComplete="new-password"
        error={errors?.confirmPassword}
      />
      <SubmitButton busy={navigation.state === "submitting"} busyLabel={busyLabel}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
