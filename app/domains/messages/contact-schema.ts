import * as z from "~/core/zod";
import { emailField, phoneField } from "~/core/fields";

/* The contact form of /contact: fields, subjects and their French messages. */

export const CONTACT_SUBJECTS = [
  "Renseignements",
  "Séance d'essai",
  "Inscription",
  "Cours en entreprise",
  "Autre",
] as const;

export const CONTACT_MESSAGE_MAX = 4000;
/** More links than this in one message and it goes to Spam. */
export const CONTACT_MAX_LINKS = 2;

export const CONTACT_FIELDS = ["name", "email", "phone", "subject", "message"] as const;
/** The honeypot of the public forms: hidden from people, filled by bots that fill every field. */
export const PUBLIC_FORM_HONEYPOT = "site_web";
/** The signed time a public form was shown (app/domains/messages/contact-guard.server.ts). */
export const PUBLIC_FORM_STAMP = "jeton";

export const ContactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, "Indiquez votre nom.")
    .max(100, "Votre nom ne doit pas dépasser 100 caractères."),
  email: emailField,
  phone: phoneField,
  subject: z.enum(CONTACT_SUBJECTS, { message: "Choisissez un sujet dans la liste." }),
  message: z
    .multiline()
    .trim()
    .min(10, "Votre message est trop court (10 caractères au moins).")
    .max(
      CONTACT_MESSAGE_MAX,
      `Votre message ne doit pas dépasser ${CONTACT_MESSAGE_MAX} caractères.`,
    ),
});

export type ContactInput = z.infer<typeof ContactSchema>;
