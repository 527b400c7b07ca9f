import type { ChildRule } from "~/domains/trials/trial-audience";
import {
  TRIAL_FIELDS,
  TRIAL_LEVELS,
  TRIAL_MESSAGE_MAX,
  trialFieldOrder,
  type TrialField,
  type TrialFormValues,
} from "~/domains/trials/trial-schema";
import { buttonClass } from "../button-link";
import { ChoiceBox } from "../choice-box";
import {
  FieldError,
  fieldProps,
  FORM_BOX,
  FORM_NOTE,
  FormAlert,
  PrivacyNotice,
  RobotGuardFields,
  TextAreaField,
  TextField,
} from "../form-controls";
import { EmailField, NameFields, PhoneField } from "../person-fields";

/*
 * The trial booking form (step 4): a plain HTML form (ADR 006) posted to its page,
 * answered by a redirect. Its layout follows the activity's child rule (trial-audience.ts):
 * a children's or teenagers' class asks for the child first, then the parent once; an
 * adults' class that takes under-18s offers "pour mon enfant", whose fields show by CSS
 * alone (`has-[:checked]`, ticked again when the server sends the form back); an
 * adults-only class asks for the person alone. On a full session it books a place on the
 * waitlist (waitlist=1).
 */

const LEGEND = "font-display text-xl uppercase text-ink";
const BOX = FORM_BOX;
const NOTE = FORM_NOTE;

type FieldProps = ReturnType<typeof fieldProps<TrialField>>;

function ChildFields({ field, minAge }: { field: FieldProps; minAge: number }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <NameFields
        idPrefix="trial-child-"
        labels={["Prénom de l'enfant", "Nom de l'enfant"]}
        first={field("child_first_name")}
        last={field("child_last_name")}
      />
      <TextField
        id="trial-child-birth-year"
        label="Année de naissance de l'enfant"
        hint={`Quatre chiffres, par exemple 2016.${minAge > 0 ? ` Ce cours accueille les enfants à partir de ${minAge} ans.` : ""}`}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        {...field("child_birth_year")}
      />
    </div>
  );
}

function PersonFields({ field, parent }: { field: FieldProps; parent: boolean }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <NameFields
        idPrefix="trial-"
        labels={["Votre prénom", "Votre nom"]}
        own
        first={field("first_name")}
        last={field("last_name")}
      />
      <EmailField
        id="trial-email"
        hint={
          parent
            ? "Pour la confirmation, le rappel et l'annulation."
            : "Pour la confirmation et le lien d'annulation."
        }
        {...field("email")}
      />
      <PhoneField id="trial-phone" hint="Pour vous prévenir d'un imprévu." {...field("phone")} />
    </div>
  );
}

export function TrialForm({
  action,
  values,
  errors,
  stamp,
  waitlist,
  minAge,
  rule,
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
  /** Whether the child's section is required, offered or absent. */
  rule: ChildRule;
  formError?: string;
}) {
  const hasFieldErrors = TRIAL_FIELDS.some((name) => errors[name]);
  const field = fieldProps(values, errors, trialFieldOrder(rule));
  return (
    <form method="post" action={action} noValidate className="grid gap-6">
      {formError ? <FormAlert message={formError} /> : null}
      {hasFieldErrors && !formError ? (
        <FormAlert message="La réservation n'est pas faite : corrigez les champs signalés ci-dessous." />
      ) : null}
      <RobotGuardFields stamp={stamp} />
      {waitlist ? <input type="hidden" name="waitlist" value="1" /> : null}

      {rule === "required" ? (
        <>
          <fieldset className={BOX}>
            <legend className={`${LEGEND} float-left w-full`}>L'enfant qui vient essayer</legend>
            <p className={NOTE}>Le coach l'accueille par son prénom.</p>
            <ChildFields field={field} minAge={minAge} />
          </fieldset>
          <fieldset className={BOX}>
            <legend className={`${LEGEND} float-left w-full`}>Vous, son parent</legend>
            <p className={NOTE}>
              Le parent ou responsable légal qui réserve, et que le club peut joindre.
            </p>
            <PersonFields field={field} parent />
          </fieldset>
        </>
      ) : (
        <fieldset className={BOX}>
          <legend className={`${LEGEND} float-left w-full`}>Vos coordonnées</legend>
          <PersonFields field={field} parent={false} />
        </fieldset>
      )}

      {rule === "optional" ? (
        <fieldset className={`${BOX} group`}>
          <legend className={`${LEGEND} float-left w-full`}>Pour votre enfant ?</legend>
          <ChoiceBox
            id="trial-for-child"
            name="for_child"
            type="checkbox"
            checked={values.for_child === "on"}
            bold
            note={
              <>
                Vous êtes alors son parent ou responsable légal
                {minAge > 0 ? ` ; ce cours accueille les jeunes à partir de ${minAge} ans` : ""}.
              </>
            }
          >
            La séance est pour mon enfant
          </ChoiceBox>
          <div className="hidden group-has-[#trial-for-child:checked]:block">
            <ChildFields field={field} minAge={0} />
          </div>
        </fieldset>
      ) : null}

      <fieldset className={BOX} aria-describedby={errors.level ? "level-error" : undefined}>
        <legend className={`${LEGEND} float-left w-full`}>
          {rule === "required" ? "Son niveau" : "Niveau"}
        </legend>
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
                {...(index === 0 ? field("level").invalid : {})}
              />
              <label htmlFor={`trial-level-${value}`} className="font-semibold">
                {label}
              </label>
            </div>
          ))}
        </div>
        <FieldError id="level-error" message={errors.level} />
      </fieldset>

      <TextAreaField
        id="trial-message"
        label={
          <>
            Message <span className="font-normal text-gray-700">(facultatif)</span>
          </>
        }
        required={false}
        rows={4}
        maxLength={TRIAL_MESSAGE_MAX}
        {...field("message")}
      />

      <PrivacyNotice purpose="Vos informations servent uniquement à organiser votre séance d'essai (confirmation, rappel la veille, changement d'horaire)" />
      <div>
        <button type="submit" className={buttonClass("dark")}>
          {waitlist ? "M'inscrire sur la liste d'attente" : "Réserver ma séance d'essai"}
        </button>
      </div>
    </form>
  );
}
