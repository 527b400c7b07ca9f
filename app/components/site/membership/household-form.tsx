import { emptyDraft, type MembershipDraft } from "~/domains/membership/membership";
import { HOUSEHOLD_FIELDS, type HouseholdField } from "~/domains/membership/membership-form";
import { fieldProps, FormAlert, PrivacyNotice, TextField } from "~/components/site/form-controls";
import { EmailField, PhoneField } from "~/components/site/person-fields";
import { NOTE, StepActions, StepFieldset } from "./membership-shell";
import { NOTHING_SAVED } from "./step-form";

/* Step a of /adhesion: who pays (the household's e-mail, phone and address). */

/** `email_kept`: an address asked about (a mistyped domain?), kept if sent again unchanged. */
export type HouseholdValues = Record<HouseholdField, string> & { email_kept?: string };
export type FormErrors = Partial<Record<string, string>>;

export function HouseholdForm({
  action,
  values,
  errors,
  submitLabel,
  children,
}: {
  action: string;
  values: HouseholdValues;
  errors: FormErrors;
  submitLabel: string;
  children?: React.ReactNode;
}) {
  const field = fieldProps(values, errors, HOUSEHOLD_FIELDS);
  return (
    <form method="post" action={action} noValidate className="grid gap-6">
      {errors.form ? <FormAlert message={errors.form} /> : null}
      {!errors.form && Object.keys(errors).length > 0 ? (
        <FormAlert message={NOTHING_SAVED} />
      ) : null}
      {children}
      <StepFieldset legend="Qui paie l'adhésion">
        <p className={NOTE}>
          Le foyer qui inscrit un ou plusieurs membres : vous-même, vos enfants. Le lien pour
          reprendre l'inscription est envoyé à cette adresse e-mail.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <EmailField id="household-email" {...field("email")} />
          {values.email_kept ? (
            <input type="hidden" name="email_kept" value={values.email_kept} />
          ) : null}
          <PhoneField id="household-phone" {...field("phone")} />
          <div className="sm:col-span-2">
            <TextField
              id="household-address"
              label="Adresse"
              autoComplete="street-address"
              maxLength={200}
              {...field("address")}
            />
          </div>
          <TextField
            id="household-postal-code"
            label="Code postal"
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={5}
            {...field("postal_code")}
          />
          <TextField
            id="household-city"
            label="Commune"
            autoComplete="address-level2"
            maxLength={80}
            {...field("city")}
          />
        </div>
      </StepFieldset>
      <PrivacyNotice purpose="Vos informations servent à gérer l'adhésion (licence de la fédération, assurance, paiement, contact)" />
      <StepActions label={submitLabel} />
    </form>
  );
}

/** The form's values from a draft (empty for a new file). */
export function householdValues(draft: MembershipDraft = emptyDraft()): HouseholdValues {
  const { household } = draft;
  return {
    email: household.email,
    phone: household.phone,
    address: household.address,
    postal_code: household.postalCode,
    city: household.city,
  };
}
