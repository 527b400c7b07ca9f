import { formatPhone } from "./phone";
import * as z from "./zod";

/*
 * The fields every form shares, with their French messages: the public forms' e-mail
 * and phone (contact, trials, membership), and the club's own number (Paramètres).
 */

/** An e-mail address, as every public form asks for it. */
export const emailField = z
  .string()
  .trim()
  .min(1, "Indiquez votre adresse e-mail.")
  .max(200, "Cette adresse e-mail est trop longue.")
  .email("Cette adresse e-mail n'est pas valide (exemple : prenom.nom@exemple.fr).");

/**
 * A phone number (French or international), or "" where the form makes it optional;
 * stored as the club reads it ("06 11 22 33 44", formatPhone).
 */
export const phoneField = z
  .string()
  .trim()
  .max(30, "Ce numéro de téléphone est trop long.")
  .refine(
    (value) => value === "" || /^\+?[0-9 .()-]{8,}$/.test(value),
    "Ce numéro de téléphone n'est pas valide (exemple : 06 12 34 56 78).",
  )
  .transform(formatPhone);

/** A French phone number: 0X XX XX XX XX, or +33 / 0033 then 9 digits; spaces, dots or dashes. */
export const FRENCH_PHONE = /^(?:(?:\+|00)33[\s.-]?(?:\(0\)[\s.-]?)?|0)[1-9](?:[\s.-]?\d{2}){4}$/;
