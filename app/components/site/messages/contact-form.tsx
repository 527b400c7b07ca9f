import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS } from "~/domains/messages/contact-schema";
import { buttonClass } from "../button-link";
import {
  FIELD_INPUT as INPUT,
  FieldError,
  FormAlert,
  invalidProps,
  PrivacyNotice,
  RobotGuardFields,
  TextField,
} from "../form-controls";

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
  const invalid = invalidProps(errors, CONTACT_ORDER);
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
          name="name"
          label="Nom et prénom"
          autoComplete="name"
          maxLength={100}
          value={values.name}
          error={errors.name}
          invalid={invalid("name")}
        />
        <TextField
          id="contact-email"
          name="email"
          type="email"
          label="E-mail"
          autoComplete="email"
          maxLength={200}
          value={values.email}
          error={errors.email}
          invalid={invalid("email")}
        />
        <TextField
          id="contact-phone"
          name="phone"
          type="tel"
          label="Téléphone"
          optional
          autoComplete="tel"
          maxLength={30}
          value={values.phone}
          error={errors.phone}
          invalid={invalid("phone")}
        />
        <div>
          <label htmlFor="contact-subject" className="font-semibold">
            Sujet
          </label>
          <select
            id="contact-subject"
            name="subject"
            required
            defaultValue={values.subject || CONTACT_SUBJECTS[0]}
            className={INPUT}
            {...invalid("subject")}
          >
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {subject}
              </option>
            ))}
          </select>
          <FieldError id="subject-error" message={errors.subject} />
        </div>
      </div>
      <div>
        <label htmlFor="contact-message" className="font-semibold">
          Message
        </label>
        <textarea
          id="contact-message"
          name="message"
          required
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          defaultValue={values.message}
          className={INPUT}
          {...invalid("message")}
        />
        <FieldError id="message-error" message={errors.message} />
      </div>
      <PrivacyNotice purpose="Vos informations servent uniquement à vous répondre" />
      <div>
        <button type="submit" className={buttonClass("dark")}>
          Envoyer le message
        </button>
      </div>
    </form>
  );
}
