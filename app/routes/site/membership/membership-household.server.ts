import { createHash } from "node:crypto";
import { data } from "react-router";
import { DRAFT_LINKS_PER_HOUR } from "~/domains/membership/file-draft.server";
import { noteTrialRequest } from "~/domains/trials/trial-request.server";
import { HOUSEHOLD_FIELDS, householdSchema } from "~/domains/membership/membership-form";
import { emailSuggestion } from "~/core/email-typos";
import { fieldErrors, formText } from "~/core/form";

/*
 * Step a's fields read and checked again on the server (the first page and its later edit).
 * An address at a mistyped domain is asked about once: sent again unchanged (its value comes
 * back in `email_kept`), it is kept as typed.
 */

export function readHousehold(form: FormData) {
  const values = formText(form, HOUSEHOLD_FIELDS);
  const parsed = householdSchema.safeParse(values);
  if (!parsed.success) {
    return {
      ok: false as const,
      answer: data({ values, errors: fieldErrors(parsed.error) }, { status: 400 }),
    };
  }
  const input = parsed.data;
  const email = input.email.toLowerCase();
  const meant = emailSuggestion(email);
  if (meant && formText(form, ["email_kept"]).email_kept.trim().toLowerCase() !== email) {
    return {
      ok: false as const,
      answer: data(
        {
          values: { ...values, email_kept: email },
          errors: {
            email: `Vouliez-vous dire ${meant} ? Corrigez l'adresse, ou envoyez de nouveau pour garder ${email}.`,
          },
        },
        { status: 400 },
      ),
    };
  }
  return {
    ok: true as const,
    household: {
      email,
      phone: input.phone,
      address: input.address,
      postalCode: input.postal_code,
      city: input.city,
    },
  };
}

/**
 * Notes one draft link mailed to `email` (counted under a hash of the address, with the
 * trial bookings' hourly counters) and answers whether it goes past DRAFT_LINKS_PER_HOUR.
 */
export async function tooManyDraftLinks(email: string): Promise<boolean> {
  const key = `adhesion-mail:${createHash("sha256").update(email).digest("base64url")}`;
  return (await noteTrialRequest({ ip: key })) > DRAFT_LINKS_PER_HOUR;
}

export const TOO_MANY_DRAFT_LINKS =
  "Plusieurs inscriptions ont déjà été commencées avec cette adresse e-mail en une heure. Reprenez la vôtre avec le lien reçu par e-mail, ou réessayez plus tard.";
