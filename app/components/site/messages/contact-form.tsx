import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS } from "~/domains/messages/contact-schema";
import { buttonClass } from "../button-link";
import {
  fieldProps,
  FormAlert,
  PrivacyNotice,
  RobotGuardFields,
  SelectField,
  TextAreaField,
  TextField,
} from "../form-controls";
import { EmailField, PhoneField } from "../person-fields";

/*
 * The contact form of /contact: a plain HTML form (ADR 006) posted to the route's action,
 * which answers with a redirect. Errors sit under their field (aria-describedby), and the
 * first invalid field carries `autofocus`, so focus lands there with no script (the action
 * URL has no fragment: a fragment would cancel autofocus).
 */

export type ContactValues = Record<"name" | "email" | "phone" | "subject" | "message", string>;
const CONTACT_ORDER = ["name", "email", "phone", "subject", "message"] as const;

export function ContactForm({
  values,
  errors,
  stamp,
}: {
  values: ContactValues;
  errors: Partial<Record<keyof ContactValues, string>>;
  stamp: string;
}) {
  const field = fieldProps(values, errors, CONTACT_ORDER);
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form method="post" action="/contact" noValidate className="grid gap-5">
      {hasErrors ? (
        <FormAlert message="Le message n'est pas parti : corrigez les champs signalés ci-dessous." />
      ) : null}
      <RobotGuardFields stamp={stamp} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="contact-name"
          label="Nom et prénom"
          autoComplete="name"
          maxLength={100}
          {...field("name")}
        />
        <EmailField id="contact-email" {...field("email")} />
        <PhoneField id="contact-phone" optional {...field("phone")} />
        <SelectField
          id="contact-subject"
          label="Sujet"
          required
          {...field("subject")}
          value={values.subject || CONTACT_SUBJECTS[0]}
        >
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {subject}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        id="contact-message"
        label="Message"
        required
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX}
        {...field("message")}
      />
      <PrivacyNotice purpose="Vos informations servent uniquement à vous répondre" />
      <div>
        <button type="submit" className={buttonClass("dark")}>
          Envoyer le message
        </button>
      </div>
    </form>
  );
}
