import {
  TRIAL_FIELDS,
  TRIAL_LEVELS,
  TRIAL_MESSAGE_MAX,
  type TrialField,
  type TrialFormValues,
} from "~/content/trial-schema";
import { buttonClass } from "./button-link";
import {
  FIELD_INPUT,
  FieldError,
  FormAlert,
  invalidProps,
  PrivacyNotice,
  RobotGuardFields,
  TextField,
} from "./form-controls";

/*
 * The trial booking form (step 3): a plain HTML form (ADR 006) posted to its
 * page, answered by a redirect. The child's fields show when "pour un enfant" is ticked,
 * by CSS alone (`has-[:checked]`): no script, and ticked again when the server sends the
 * form back. On a full session it books a place on the waitlist (waitlist=1).
 */

/** From this minimum age a class is for adults: no booking for a child. */
export const ADULT_AGE = 18;

const LEGEND = "font-display text-xl uppercase text-ink";
const BOX = "grid gap-5 rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-6";

export function TrialForm({
  action,
  values,
  errors,
  stamp,
  waitlist,
  minAge,
  formError,
}: {
  action: string;
  values: TrialFormValues;
  errors: Partial<Record<TrialField | "form", string>>;
  stamp: string;
  /** The session is full: the form puts the person on its waitlist. */
  waitlist: boolean;
  /** The activity's minimum age (0: none). */
  minAge: number;
  formError?: string;
}) {
  const invalid = invalidProps(errors, TRIAL_FIELDS);
  const hasFieldErrors = TRIAL_FIELDS.some((name) => errors[name]);
  const field = (name: TrialField) => ({
    name,
    value: values[name],
    error: errors[name],
    invalid: invalid(name),
  });
  return (
    <form method="post" action={action} noValidate className="grid gap-6">
      {formError ? <FormAlert message={formError} /> : null}
      {hasFieldErrors && !formError ? (
        <FormAlert message="La réservation n'est pas faite : corrigez les champs signalés ci-dessous." />
      ) : null}
      <RobotGuardFields stamp={stamp} />
      {waitlist ? <input type="hidden" name="waitlist" value="1" /> : null}

      <fieldset className={BOX}>
        <legend className={`${LEGEND} float-left w-full`}>Vos coordonnées</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="trial-first-name"
            label="Prénom"
            autoComplete="given-name"
            maxLength={80}
            {...field("first_name")}
          />
          <TextField
            id="trial-last-name"
            label="Nom"
            autoComplete="family-name"
            maxLength={80}
            {...field("last_name")}
          />
          <TextField
            id="trial-email"
            type="email"
            label="E-mail"
            hint="Pour la confirmation et le lien d'annulation."
            autoComplete="email"
            maxLength={200}
            {...field("email")}
          />
          <TextField
            id="trial-phone"
            type="tel"
            label="Téléphone"
            hint="Pour vous prévenir d'un imprévu."
            autoComplete="tel"
            maxLength={30}
            {...field("phone")}
          />
        </div>
      </fieldset>

      {/* An adults' class takes no child: the question is not asked. */}
      {minAge < ADULT_AGE ? (
        <fieldset className={`${BOX} group`}>
          <legend className={`${LEGEND} float-left w-full`}>Pour un enfant ?</legend>
          <div className="flex items-start gap-3">
            <input
              id="trial-for-child"
              name="for_child"
              type="checkbox"
              defaultChecked={values.for_child === "on"}
              className="mt-1 size-5 shrink-0 accent-teal-dark"
            />
            <label htmlFor="trial-for-child" className="font-semibold">
              La séance est pour un enfant
              <span className="block text-sm font-normal text-gray-700">
                Vous êtes alors son parent ou responsable légal
                {minAge > 0 ? ` ; ce cours accueille les enfants à partir de ${minAge} ans` : ""}.
              </span>
            </label>
          </div>
          <div className="hidden gap-5 group-has-[#trial-for-child:checked]:grid sm:grid-cols-2">
            <TextField
              id="trial-child-first-name"
              label="Prénom de l'enfant"
              autoComplete="off"
              maxLength={80}
              {...field("child_first_name")}
            />
            <TextField
              id="trial-child-birth-year"
              label="Année de naissance de l'enfant"
              hint="Quatre chiffres, par exemple 2015."
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              {...field("child_birth_year")}
            />
            <div className="sm:col-span-2">
              <TextField
                id="trial-guardian-name"
                label="Nom et prénom du parent ou responsable légal"
                autoComplete="name"
                maxLength={160}
                {...field("guardian_name")}
              />
            </div>
          </div>
        </fieldset>
      ) : null}

      <fieldset className={BOX} aria-describedby={errors.level ? "level-error" : undefined}>
        <legend className={`${LEGEND} float-left w-full`}>Niveau</legend>
        <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
          {Object.entries(TRIAL_LEVELS).map(([value, label], index) => (
            <div key={value} className="flex items-center gap-3">
              <input
                id={`trial-level-${value}`}
                name="level"
                type="radio"
                value={value}
                required
                defaultChecked={values.level === value}
                className="size-5 accent-teal-dark"
                {...(index === 0 ? invalid("level") : {})}
              />
              <label htmlFor={`trial-level-${value}`} className="font-semibold">
                {label}
              </label>
            </div>
          ))}
        </div>
        <FieldError id="level-error" message={errors.level} />
      </fieldset>

      <div>
        <label htmlFor="trial-message" className="font-semibold">
          Message <span className="font-normal text-gray-700">(facultatif)</span>
        </label>
        <textarea
          id="trial-message"
          name="message"
          rows={4}
          maxLength={TRIAL_MESSAGE_MAX}
          defaultValue={values.message}
          className={FIELD_INPUT}
          {...invalid("message")}
        />
        <FieldError id="message-error" message={errors.message} />
      </div>

      <PrivacyNotice purpose="Vos informations servent uniquement à organiser votre séance d'essai (confirmation, rappel la veille, changement d'horaire)" />
      <div>
        <button type="submit" className={buttonClass("dark")}>
          {waitlist ? "M'inscrire sur la liste d'attente" : "Réserver ma séance d'essai"}
        </button>
      </div>
    </form>
  );
}
