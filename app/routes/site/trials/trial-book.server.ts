import { data, redirect } from "react-router";
import { PUBLIC_FORM_HONEYPOT, PUBLIC_FORM_STAMP } from "~/domains/messages/contact-schema";
import { frenchDay } from "~/core/date-format";
import { childRuleOf } from "~/domains/trials/trial-audience";
import {
  TRIAL_FIELDS,
  trialBookingSchema,
  type TrialBookingInput,
  type TrialField,
  type TrialFormValues,
} from "~/domains/trials/trial-schema";
import { robotReason } from "~/domains/messages/contact-guard.server";
import {
  bookTrial,
  MAX_UPCOMING_TRIALS_PER_EMAIL,
  type BookingResult,
  type TrialActivity,
} from "~/domains/trials/trial-booking.server";
import { receiptRef } from "~/domains/trials/trial-receipt.server";
import { noteTrialRequest } from "~/domains/trials/trial-request.server";
import { getEnv, getFormSecret } from "~/core/env.server";
import { keptFormStamp } from "~/utils/form-stamp.server";
import { fieldErrors, formText, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";

/*
 * The POST of /essai/:activityId/:date: the form read again with its schema, the robot
 * checks and the per-address limit of the contact form, then the booking (the model
 * enforces places, the waitlist, the child of a children's class, the minimum age and the
 * limits per person and per e-mail atomically, and queues the mail). Success redirects to
 * the confirmation; any refusal sends the form back with everything typed.
 */

export type TrialErrors = Partial<Record<TrialField | "form", string>>;

export interface TrialFormAnswer {
  values: TrialFormValues;
  errors: TrialErrors;
  stamp: string;
  /** The session filled up meanwhile: the form now offers its waitlist. */
  offerWaitlist?: boolean;
}

/** What each refusal of the model tells the visitor, and on which field. */
function refusalErrors(
  result: Extract<BookingResult, { ok: false }>,
  input: TrialBookingInput,
  minAge: number,
): TrialErrors {
  const child = input.child?.firstName;
  switch (result.refusal) {
    case "email-limit":
      return {
        email: `Cette adresse e-mail a déjà ${MAX_UPCOMING_TRIALS_PER_EMAIL} séances d'essai à venir, le maximum. Annulez-en une (lien dans l'e-mail de confirmation) pour en réserver une autre.`,
      };
    case "person-limit": {
      const other = result.existing
        ? ` (${result.existing.title}, ${frenchDay(result.existing.onDate)})`
        : "";
      return {
        form: `${child ? `${child} a` : "Vous avez"} déjà une séance d'essai à venir${other} : une seule à la fois par personne. Pour changer de date, annulez-la avec le lien de l'e-mail de confirmation.`,
      };
    }
    case "too-young":
      return {
        child_birth_year: `Ce cours accueille les enfants à partir de ${minAge} ans (âge atteint dans l'année de la séance).`,
      };
    case "child-required":
      return {
        form: "Ce cours est réservé aux enfants et aux ados : indiquez le prénom, le nom et l'année de naissance de l'enfant.",
      };
    case "already-booked":
      return {
        form: child
          ? `${child} est déjà inscrit(e) à cette séance : un seul essai par séance.`
          : "Vous êtes déjà inscrit à cette séance avec cette adresse e-mail : un seul essai par séance.",
      };
    case "full":
    case "session-unavailable":
      return {
        form: "Cette séance n'est plus ouverte à l'essai (annulée, déplacée ou passée). Choisissez une autre date.",
      };
  }
}

/** The answer to a form sent faster than a person fills it, expired, or with the hidden field. */
export const TRIAL_NOT_TAKEN =
  "Votre réservation n'est pas encore enregistrée : le formulaire est parti très vite après son affichage, ou il a expiré. Vérifiez vos informations, puis envoyez-le de nouveau.";

export async function trialBookingAction({
  request,
  context,
  activity,
  date,
}: {
  request: Request;
  context: RequestContext | undefined;
  activity: TrialActivity;
  date: string;
}) {
  const form = await readForm(request);
  const values = formText(form, TRIAL_FIELDS);
  const guard = formText(form, [PUBLIC_FORM_HONEYPOT, PUBLIC_FORM_STAMP]);
  const secret = getFormSecret();
  const now = new Date();
  const answer = (errors: TrialErrors, status: number, offerWaitlist = false) =>
    data<TrialFormAnswer>(
      {
        values,
        errors,
        stamp: keptFormStamp(secret, guard[PUBLIC_FORM_STAMP], now.getTime()),
        offerWaitlist,
      },
      { status },
    );

  const parsed = trialBookingSchema(now.getFullYear(), childRuleOf(activity)).safeParse(values);
  if (!parsed.success) return answer(fieldErrors(parsed.error), 400);
  const input = parsed.data;
  // The session in the URL; the person only behind a signed, expiring reference.
  const confirmation = (status: "booked" | "waitlist", bookingId?: number) =>
    redirect(
      `/essai/confirmation?activite=${activity.id}&date=${date}&statut=${status === "booked" ? "reservee" : "attente"}${bookingId === undefined ? "" : `&ref=${receiptRef(bookingId, now, secret)}`}`,
    );
  // What looks like a script is never told « réservé »: nothing is booked nor mailed, and a
  // person (an autofill sent at once, a page left open for days) reads why and sends again.
  const robot = robotReason({
    honeypot: guard[PUBLIC_FORM_HONEYPOT],
    stamp: guard[PUBLIC_FORM_STAMP],
    secret,
    now: now.getTime(),
  });
  if (robot) return answer({ form: TRIAL_NOT_TAKEN }, 400);

  const fromAddress = await noteTrialRequest({ ip: getClientIp(context), now });
  if (fromAddress > getEnv().contactIpLimit) {
    return answer(
      {
        form: "Trop de réservations depuis cette connexion en une heure. Réessayez plus tard, ou appelez le club.",
      },
      429,
    );
  }

  const result = await bookTrial({ ...input, activityId: activity.id, date }, now);
  if (!result.ok) {
    if (result.refusal === "full") {
      return answer(
        {
          form: "Cette séance vient d'être complète. Vous pouvez vous inscrire sur sa liste d'attente : vos informations sont gardées ci-dessous.",
        },
        409,
        true,
      );
    }
    return answer(refusalErrors(result, input, activity.minAge), 409);
  }
  return confirmation(result.status, result.bookingId);
}
