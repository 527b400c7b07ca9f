/*
 * The desk's acts on a membership file (« Réception du dossier »): money handed
 * over (an expected payment turned received, or a new one), its share per member, a
 * payment cancelled, the Pass'Sport code checked, a manual reduction, a place given from
 * the waiting list. Each act and its journal row in one transaction, paid_at refreshed by
 * file-balance in the same one. Bad input throws a DeskError (French), nothing stored; a
 * cheque whose number and bank the file already has asks first (a DeskConfirmation).
 * The acts on one member (Pass'Sport, reduction, place) are desk-members.server.ts.
 */
import { allocate, euroDecimal } from "~/core/money";
import { formatNumericDate } from "~/core/date-format";
import { DESK_CONFIRMATIONS, type DeskConfirmationField } from "./membership-desk";
import { getDb } from "~/db/client.server";
import { withActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import { refreshPaidAt, registrationOwed } from "./file-balance.server";

export class DeskError extends Error {}

/**
 * A refusal the treasurer may overrule: the form is sent again, as she typed it, by a
 * second button under the message that sends `field` as "1".
 */
export class DeskConfirmation extends DeskError {
  constructor(
    message: string,
    readonly field: DeskConfirmationField,
  ) {
    super(message);
  }
}

/** Methods recorded at the desk (a card payment is recorded from HelloAsso's API alone). */
export const DESK_METHODS = [
  "cheque",
  "cash",
  "cheque_vacances",
  "coupon_sport",
  "transfer",
] as const;
export type DeskMethod = (typeof DESK_METHODS)[number];

export function isDeskMethod(value: unknown): value is DeskMethod {
  return typeof value === "string" && (DESK_METHODS as readonly string[]).includes(value);
}

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export type PaymentInput = {
  fileId: number;
  /** The expected row handed over; null: a new row. */
  paymentId: number | null;
  method: DeskMethod;
  amountCents: number;
  chequeNumber?: string;
  bank?: string;
  /** YYYY-MM, cheques only. */
  dueMonth?: string | null;
  /** Vouchers' numbers, a transfer's label. */
  reference?: string;
  /** Each registration's share; null: split by allocate() in proportion to what each owes. */
  shares: Map<number, number> | null;
  /** The treasurer confirmed that a cheque with the number and bank of another is another. */
  duplicateConfirmed?: boolean;
};

export async function fileOf(fileId: number) {
  const file = await getDb()
    .selectFrom("membership_files")
    .selectAll()
    .where("id", "=", fileId)
    .executeTakeFirst();
  if (!file || file.status !== "submitted")
    throw new DeskError("Ce dossier n'existe pas ou n'est pas envoyé.");
  return file;
}

/** The journal's row of an act on the file. */
export function fileActivity(
  file: { reference: string | null; id: number },
  action: "save" | "payment.received" = "save",
) {
  return {
    action,
    itemType: "membership",
    itemId: file.id,
    itemLabel: file.reference ?? `Dossier ${file.id}`,
  } as const;
}

/** A payment of the file the desk may change (not one HelloAsso keeps), or a DeskError. */
export async function deskPaymentOf(fileId: number, paymentId: number) {
  const payment = await getDb()
    .selectFrom("membership_payments")
    .select(["id", "file_id", "status", "external_id", "method"])
    .where("id", "=", paymentId)
    .executeTakeFirst();
  if (!payment || payment.file_id !== fileId) {
    throw new DeskError("Ce paiement n'appartient pas à ce dossier.");
  }
  if (payment.external_id) throw new DeskError(HELLOASSO_OWNS);
  return payment;
}

async function activeRegistrations(fileId: number) {
  return getDb()
    .selectFrom("registrations")
    .selectAll()
    .where("file_id", "=", fileId)
    .where("status", "=", "active")
    .orderBy("rank")
    .orderBy("id")
    .execute();
}

/** Checks a payment's fields; returns them cleaned. */
export function checkPayment(input: PaymentInput) {
  if (!isDeskMethod(input.method)) throw new DeskError("Choisissez le moyen de paiement.");
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new DeskError("Le montant doit être un nombre positif en euros (ex. 120 ou 120,50).");
  }
  const text = (value: string | undefined, max: number, name: string) => {
    const cleaned = (value ?? "").trim();
    if (cleaned.length > max) throw new DeskError(`${name} : ${max} caractères au plus.`);
    return cleaned;
  };
  const chequeNumber = text(input.chequeNumber, 30, "Le numéro du chèque");
  const bank = text(input.bank, 60, "La banque");
  const reference = text(input.reference, 200, "Les numéros ou la référence");
  let dueMonth: string | null = null;
  if (input.method === "cheque") {
    if (!chequeNumber) throw new DeskError("Indiquez le numéro du chèque.");
    dueMonth = (input.dueMonth ?? "").trim();
    if (!MONTH_PATTERN.test(dueMonth)) {
      throw new DeskError("Le mois d'encaissement doit être un mois (ex. 2026-10).");
    }
  }
  if ((input.method === "cheque_vacances" || input.method === "coupon_sport") && !reference) {
    throw new DeskError("Indiquez les numéros des chèques ou coupons.");
  }
  return { chequeNumber, bank, reference, dueMonth };
}

/**
 * The split proposed for a payment: allocate() over what each active member has left once
 * the shares of the file's other payments (expected, received, deposited) are counted, so
 * that the last of three cheques settles each member exactly; over what each owes when
 * nothing is left (an extra payment).
 */
export async function proposedShares(
  fileId: number,
  paymentId: number | null,
  amountCents: number,
): Promise<{ registrationId: number; cents: number }[]> {
  const registrations = await activeRegistrations(fileId);
  let others = getDb()
    .selectFrom("membership_allocations as a")
    .innerJoin("membership_payments as p", "p.id", "a.payment_id")
    .select(["a.registration_id", (eb) => eb.fn.sum<number | string>("a.amount_cents").as("cents")])
    .where("p.file_id", "=", fileId)
    .where("p.status", "in", ["expected", "received", "deposited"])
    .groupBy("a.registration_id");
  if (paymentId !== null) others = others.where("p.id", "!=", paymentId);
  const taken = new Map((await others.execute()).map((r) => [r.registration_id, Number(r.cents)]));
  const owed = registrations.map(registrationOwed);
  const left = registrations.map((r, i) => Math.max(0, owed[i]! - (taken.get(r.id) ?? 0)));
  const parts = allocate(amountCents, left.some((cents) => cents > 0) ? left : owed);
  return registrations.map((r, i) => ({ registrationId: r.id, cents: parts[i]! }));
}

/** The shares as given (checked: one per active member, adding up), else the proposed ones. */
async function sharesFor(
  fileId: number,
  paymentId: number | null,
  amountCents: number,
  given: Map<number, number> | null,
) {
  const registrations = await activeRegistrations(fileId);
  if (registrations.length === 0) {
    throw new DeskError("Ce dossier n'a aucun adhérent inscrit : rien à payer.");
  }
  if (!given) return proposedShares(fileId, paymentId, amountCents);
  const ids = new Set(registrations.map((r) => r.id));
  for (const [id, cents] of given) {
    if (!ids.has(id)) throw new DeskError("Une part concerne un adhérent d'un autre dossier.");
    if (!Number.isSafeInteger(cents) || cents < 0) {
      throw new DeskError("Chaque part doit être un montant positif ou nul.");
    }
  }
  const shares = registrations.map((r) => ({ registrationId: r.id, cents: given.get(r.id) ?? 0 }));
  const sum = shares.reduce((total, share) => total + share.cents, 0);
  if (sum !== amountCents) {
    throw new DeskError(
      `Les parts des adhérents doivent faire le montant du paiement (${euroDecimal(sum)} € au lieu de ${euroDecimal(amountCents)} €).`,
    );
  }
  return shares;
}

/** A cheque's number or bank as compared: no accents, case, spaces or dots. */
function chequeWord(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s.]+/g, "");
}

/**
 * Refuses a cheque whose number and bank are those of another cheque of the file (not
 * cancelled): the same cheque typed twice. The treasurer may confirm it is another one.
 */
async function refuseSameCheque(
  fileId: number,
  paymentId: number | null,
  cheque: { chequeNumber: string; bank: string },
) {
  let query = getDb()
    .selectFrom("membership_payments")
    .select(["cheque_number", "bank", "received_at"])
    .where("file_id", "=", fileId)
    .where("method", "=", "cheque")
    .where("status", "!=", "cancelled")
    .where("cheque_number", "!=", "");
  if (paymentId !== null) query = query.where("id", "!=", paymentId);
  const same = (await query.execute()).find(
    (row) =>
      chequeWord(row.cheque_number) === chequeWord(cheque.chequeNumber) &&
      chequeWord(row.bank) === chequeWord(cheque.bank),
  );
  if (!same) return;
  const bank = cheque.bank ? ` de la banque ${cheque.bank}` : "";
  const when = same.received_at ? `, reçu le ${formatNumericDate(same.received_at)}` : "";
  throw new DeskConfirmation(
    `Le chèque n° ${cheque.chequeNumber}${bank} est déjà enregistré sur ce dossier${when}. ` +
      `Si c'est bien un autre chèque, choisissez « ${DESK_CONFIRMATIONS.confirmDuplicate} ».`,
    "confirmDuplicate",
  );
}

/** Records money handed over: an expected row turned received, or a new received row. */
export async function receivePayment(
  actor: Actor,
  input: PaymentInput,
  { now = new Date() }: { now?: Date } = {},
) {
  const clean = checkPayment(input);
  const file = await fileOf(input.fileId);
  if (input.method === "cheque" && !input.duplicateConfirmed) {
    await refuseSameCheque(file.id, input.paymentId, clean);
  }
  return withActivity(actor, fileActivity(file, "payment.received"), async () => {
    const db = getDb();
    const stamp = now.toISOString();
    let paymentId = input.paymentId;
    const values = {
      method: input.method,
      amount_cents: input.amountCents,
      status: "received",
      due_month: clean.dueMonth,
      cheque_number: input.method === "cheque" ? clean.chequeNumber : "",
      bank: input.method === "cheque" ? clean.bank : "",
      reference: clean.reference,
      received_at: stamp,
      received_by: actor.username,
      updated_at: stamp,
    };
    if (paymentId !== null) {
      const payment = await deskPaymentOf(file.id, paymentId);
      if (payment.status !== "expected") {
        throw new DeskError("Ce paiement n'est plus attendu : il a déjà été reçu ou annulé.");
      }
      const shares = await sharesFor(file.id, paymentId, input.amountCents, input.shares);
      await db.updateTable("membership_payments").set(values).where("id", "=", paymentId).execute();
      await db.deleteFrom("membership_allocations").where("payment_id", "=", paymentId).execute();
      await insertShares(paymentId, shares);
    } else {
      const shares = await sharesFor(file.id, null, input.amountCents, input.shares);
      const row = await db
        .insertInto("membership_payments")
        .values({ ...values, file_id: file.id, created_at: stamp })
        .returning("id")
        .executeTakeFirstOrThrow();
      paymentId = row.id;
      await insertShares(paymentId, shares);
    }
    return { paymentId, balance: await refreshPaidAt(file.id, { now }) };
  });
}

async function insertShares(
  paymentId: number,
  shares: { registrationId: number; cents: number }[],
) {
  await getDb()
    .insertInto("membership_allocations")
    .values(
      shares.map((share) => ({
        payment_id: paymentId,
        registration_id: share.registrationId,
        amount_cents: share.cents,
      })),
    )
    .execute();
}

/** A card payment read from HelloAsso follows HelloAsso alone: the desk never changes it. */
export const HELLOASSO_OWNS =
  "Ce paiement par carte suit HelloAsso : un remboursement ou une annulation se fait sur HelloAsso, et le dossier le reprend de lui-même.";

/** Cancels a payment of the file (expected or received; a deposited or rejected cheque stays). */
export async function cancelPayment(
  actor: Actor,
  { fileId, paymentId }: { fileId: number; paymentId: number },
  { now = new Date() }: { now?: Date } = {},
) {
  const file = await fileOf(fileId);
  const payment = await deskPaymentOf(file.id, paymentId);
  if (payment.status === "deposited") {
    throw new DeskError("Ce chèque est déjà remis en banque : il ne peut plus être annulé.");
  }
  if (payment.status === "rejected") {
    throw new DeskError("Ce chèque a été rejeté par la banque : il ne compte déjà plus.");
  }
  if (payment.status !== "expected" && payment.status !== "received") {
    throw new DeskError("Ce paiement est déjà annulé.");
  }
  return withActivity(actor, fileActivity(file), async () => {
    await getDb()
      .updateTable("membership_payments")
      .set({ status: "cancelled", updated_at: now.toISOString() })
      .where("id", "=", paymentId)
      .execute();
    return refreshPaidAt(file.id, { now });
  });
}
