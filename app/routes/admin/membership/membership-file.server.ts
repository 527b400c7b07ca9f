import { parseEuros } from "~/core/money";
import { actorOf } from "~/domains/history/activity-log.server";
import {
  cancelPayment,
  DeskConfirmation,
  DeskError,
  isDeskMethod,
  receivePayment,
} from "~/domains/membership/desk.server";
import { rejectCheque } from "~/domains/membership/cheque-returns.server";
import { recordOnce } from "~/domains/membership/desk-once.server";
import { type Actor } from "~/domains/history";
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
 * came from (`form`), nothing stored. Each act runs once per page key (desk-once.server.ts):
 * a repeated post answers as the first did.
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

/** What a refusal brings back: the field its confirming button sends, what the receive form typed. */
function refusal(caught: DeskError, form: FormData, intent: string) {
  return {
    confirm: caught instanceof DeskConfirmation ? caught.field : undefined,
    values:
      intent === "receive"
        ? Object.fromEntries(
            [...form.entries()].filter(
              (entry): entry is [string, string] =>
                typeof entry[1] === "string" && TYPED.test(entry[0]),
            ),
          )
        : undefined,
  };
}

// The receive form's fields shown again as typed when the page is drawn anew (no script).
const TYPED = /^(method|amount|chequeNumber|bank|dueMonth|reference|share-\d+)$/;

export async function membershipFileAction(
  request: Request,
  fileId: number | null,
  context?: RequestContext,
) {
  const session = await requireCapability(request, "registrations");
  const form = await readForm(request);
  const formKey = text(form, "form");
  const intent = text(form, "intent");
  const fail = (message: string, status = 400, extra: object = {}) =>
    toastResult({ type: "error", message }, { error: message, form: formKey, ...extra }, status);
  if (fileId === null) return fail("Ce dossier n'existe pas.", 404);
  if (!Object.hasOwn(ACTS, intent)) return fail("Action inconnue");
  const actor = actorOf(session, getClientIp(context));
  try {
    // A repeat of this form (same page key) answers the first post's message, acting no more.
    const message = await recordOnce(
      { key: text(form, "deskKey"), form: `dossier-${fileId}/${intent}/${formKey}` },
      () => ACTS[intent as keyof typeof ACTS]({ actor, fileId, form }),
    );
    return toastResult({ type: "success", message }, { form: formKey });
  } catch (caught) {
    if (caught instanceof DeskError) {
      return fail(caught.message, 400, refusal(caught, form, intent));
    }
    throw caught;
  }
}

type Act = (input: { actor: Actor; fileId: number; form: FormData }) => Promise<string>;

function idOf(form: FormData, name: "paymentId" | "registrationId") {
  const id = positiveId(form.get(name));
  if (id === null) {
    throw new DeskError(
      name === "paymentId"
        ? "Ce paiement n'appartient pas à ce dossier."
        : "Cet adhérent n'appartient pas à ce dossier.",
    );
  }
  return id;
}

/** Each intent's act; its answer is the success toast's message. */
const ACTS = {
  receive: async ({ actor, fileId, form }) => {
    const method = text(form, "method");
    if (!isDeskMethod(method)) throw new DeskError("Choisissez le moyen de paiement.");
    await receivePayment(actor, {
      fileId,
      paymentId: form.has("paymentId") ? (positiveId(form.get("paymentId")) ?? -1) : null,
      method,
      amountCents: euros(text(form, "amount")),
      chequeNumber: text(form, "chequeNumber"),
      bank: text(form, "bank"),
      dueMonth: text(form, "dueMonth"),
      reference: text(form, "reference"),
      shares: readShares(form),
      duplicateConfirmed: text(form, "confirmDuplicate") === "1",
    });
    return "Paiement enregistré.";
  },
  "cancel-payment": async ({ actor, fileId, form }) => {
    await cancelPayment(actor, { fileId, paymentId: idOf(form, "paymentId") });
    return "Paiement annulé.";
  },
  "reject-cheque": async ({ actor, fileId, form }) => {
    await rejectCheque(actor, { fileId, paymentId: idOf(form, "paymentId") });
    return "Chèque marqué rejeté : son montant est de nouveau dû.";
  },
  "pass-sport": async ({ actor, fileId, form }) => {
    await checkPassSport(actor, {
      fileId,
      registrationId: idOf(form, "registrationId"),
      checked: text(form, "checked") === "1",
    });
    return "Pass'Sport enregistré.";
  },
  discount: async ({ actor, fileId, form }) => {
    const typed = text(form, "discount").trim();
    const cents = typed === "" ? 0 : (parseEuros(typed) ?? Number.NaN);
    const { applied } = await setManualDiscount(actor, {
      fileId,
      registrationId: idOf(form, "registrationId"),
      cents,
      reason: text(form, "reason"),
    });
    return applied < cents
      ? "Réduction enregistrée, limitée à ce qui restait à payer."
      : "Réduction enregistrée.";
  },
  "give-place": async ({ actor, fileId, form }) => {
    await giveWaitingPlace(actor, { fileId, registrationId: idOf(form, "registrationId") });
    return "Place donnée : ajoutez le paiement de ce nouvel adhérent.";
  },
} satisfies Record<string, Act>;
