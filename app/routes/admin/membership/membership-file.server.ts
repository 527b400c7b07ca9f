import { parseEuros } from "~/core/money";
import { actorOf } from "~/domains/history/activity-log.server";
import {
  cancelPayment,
  DeskError,
  isDeskMethod,
  receivePayment,
} from "~/domains/membership/desk.server";
import {
  checkPassSport,
  giveWaitingPlace,
  setManualDiscount,
} from "~/domains/membership/desk-members.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { positiveId, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";

/*
 * The POSTs of « Réception du dossier » (/admin/adhesions/dossiers/:id). Every field is
 * checked by the desk's model (app/domains/membership/desk.server.ts and
 * desk-members.server.ts); a refusal answers 400 with its French message, under the form it
 * came from (`form`), nothing stored.
 */

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** "120", "120,50": cents; "" gives null; anything else (a negative amount) NaN. */
function euros(value: string): number {
  if (value.trim() === "") return Number.NaN;
  return parseEuros(value) ?? Number.NaN;
}

/** The shares typed per member (share-<registrationId>); none typed: null (allocate()). */
function readShares(form: FormData): Map<number, number> | null {
  const entries = [...form.entries()].filter(
    ([name, value]) => name.startsWith("share-") && typeof value === "string",
  );
  if (entries.every(([, value]) => (value as string).trim() === "")) return null;
  const shares = new Map<number, number>();
  for (const [name, value] of entries) {
    const id = positiveId(name.slice("share-".length));
    if (id === null) throw new DeskError("Une part concerne un adhérent d'un autre dossier.");
    const typed = (value as string).trim();
    const cents = typed === "" ? 0 : parseEuros(typed);
    if (cents === null) {
      throw new DeskError("Chaque part doit être un montant positif en euros (ex. 60 ou 60,50).");
    }
    shares.set(id, cents);
  }
  return shares;
}

export async function membershipFileAction(
  request: Request,
  fileId: number | null,
  context?: RequestContext,
) {
  const session = await requireCapability(request, "registrations");
  const form = await readForm(request);
  const formKey = text(form, "form");
  const fail = (message: string, status = 400) =>
    toastResult({ type: "error", message }, { error: message, form: formKey }, status);
  if (fileId === null) return fail("Ce dossier n'existe pas.", 404);
  const actor = actorOf(session, getClientIp(context));
  const intent = text(form, "intent");
  const paymentId = positiveId(form.get("paymentId"));
  const registrationId = positiveId(form.get("registrationId"));
  try {
    switch (intent) {
      case "receive": {
        const method = text(form, "method");
        if (!isDeskMethod(method)) return fail("Choisissez le moyen de paiement.");
        const amount = euros(text(form, "amount"));
        await receivePayment(actor, {
          fileId,
          paymentId: form.has("paymentId") ? (paymentId ?? -1) : null,
          method,
          amountCents: amount,
          chequeNumber: text(form, "chequeNumber"),
          bank: text(form, "bank"),
          dueMonth: text(form, "dueMonth"),
          reference: text(form, "reference"),
          shares: readShares(form),
        });
        return toastResult({ type: "success", message: "Paiement enregistré." }, { form: formKey });
      }
      case "cancel-payment":
        if (paymentId === null) return fail("Ce paiement n'appartient pas à ce dossier.");
        await cancelPayment(actor, { fileId, paymentId });
        return toastResult({ type: "success", message: "Paiement annulé." }, { form: formKey });
      case "pass-sport":
        if (registrationId === null) return fail("Cet adhérent n'appartient pas à ce dossier.");
        await checkPassSport(actor, {
          fileId,
          registrationId,
          checked: text(form, "checked") === "1",
        });
        return toastResult(
          { type: "success", message: "Pass'Sport enregistré." },
          { form: formKey },
        );
      case "discount": {
        if (registrationId === null) return fail("Cet adhérent n'appartient pas à ce dossier.");
        const typed = text(form, "discount").trim();
        const cents = typed === "" ? 0 : (parseEuros(typed) ?? Number.NaN);
        const { applied } = await setManualDiscount(actor, {
          fileId,
          registrationId,
          cents,
          reason: text(form, "reason"),
        });
        return toastResult(
          {
            type: "success",
            message:
              applied < cents
                ? "Réduction enregistrée, limitée à ce qui restait à payer."
                : "Réduction enregistrée.",
          },
          { form: formKey },
        );
      }
      case "give-place":
        if (registrationId === null) return fail("Cet adhérent n'appartient pas à ce dossier.");
        await giveWaitingPlace(actor, { fileId, registrationId });
        return toastResult(
          {
            type: "success",
            message: "Place donnée : ajoutez le paiement de ce nouvel adhérent.",
          },
          { form: formKey },
        );
      default:
        return fail("Action inconnue");
    }
  } catch (caught) {
    if (caught instanceof DeskError) return fail(caught.message);
    throw caught;
  }
}
