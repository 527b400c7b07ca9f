import { Link } from "react-router";
import {
  CONTACT_HONEYPOT,
  CONTACT_MESSAGE_MAX,
  CONTACT_STAMP,
  CONTACT_SUBJECTS,
} from "~/content/contact-schema";
import { buttonClass } from "./button-link";

/*
 * The contact form of /contact: a plain HTML form (ADR 006) posted to the route's action,
 * which answers with a redirect. Errors sit under their field (aria-describedby), and the
 * first invalid field carries `autofocus`, so focus lands there with no script (the action
 * URL has no fragment: a fragment would cancel autofocus).
 */

export type ContactValues = Record<"name" | "email" | "phone" | "subject" | "message", string>;

const INPUT =
  "mt-2 block w-full rounded-xl border border-gray-400 bg-white px-4 py-3 text-base text-ink " +
  "focus:border-teal-dark focus:outline-none focus:ring-2 focus:ring-teal-dark " +
  "aria-[invalid=true]:border-red-700";

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-700">
      {message}
    </p>
  );
}

export function ContactForm({
  values,
  errors,
  stamp,
}: {
  values: ContactValues;
  errors: Partial<Record<keyof ContactValues, string>>;
  stamp: string;
}) {
  const firstInvalid = (["name", "email", "phone", "subject", "message"] as const).find(
    (name) => errors[name],
  );
  const invalid = (name: keyof ContactValues) =>
    errors[name]
      ? {
          "aria-invalid": true,
          "aria-describedby": `${name}-error`,
          autoFocus: name === firstInvalid,
        }
      : {};
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form method="post" action="/contact" noValidate className="grid gap-5">
      {hasErrors ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-semibold text-red-800">
          Le message n'est pas parti : corrigez les champs signalés ci-dessous.
        </p>
      ) : null}
      <input type="hidden" name={CONTACT_STAMP} value={stamp} />
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor={CONTACT_HONEYPOT}>Ne remplissez pas ce champ</label>
        <input
          id={CONTACT_HONEYPOT}
          name={CONTACT_HONEYPOT}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className="font-semibold">
            Nom et prénom
          </label>
          <input
            id="contact-name"
            name="name"
            type="text"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={values.name}
            className={INPUT}
            {...invalid("name")}
          />
          <FieldError id="name-error" message={errors.name} />
        </div>
        <div>
          <label htmlFor="contact-email" className="font-semibold">
            E-mail
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={200}
            defaultValue={values.email}
            className={INPUT}
            {...invalid("email")}
          />
          <FieldError id="email-error" message={errors.email} />
        </div>
        <div>
          <label htmlFor="contact-phone" className="font-semibold">
            Téléphone <span className="font-normal text-gray-700">(facultatif)</span>
          </label>
          <input
            id="contact-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={30}
            defaultValue={values.phone}
            className={INPUT}
            {...invalid("phone")}
          />
          <FieldError id="phone-error" message={errors.phone} />
        </div>
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
      <p className="text-sm text-gray-700">
        Vos informations servent uniquement à vous répondre ; elles sont conservées le temps indiqué
        dans notre{" "}
        <Link to="/confidentialite" className="font-semibold text-teal-dark underline">
          politique de confidentialité
        </Link>
        , qui explique aussi comment en demander l'accès ou la suppression.
      </p>
      <div>
        <button type="submit" className={buttonClass("dark")}>
          Envoyer le message
        </button>
      </div>
    </form>
  );
}
