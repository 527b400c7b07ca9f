/*
 * « Chèques à déposer »: the cheques received at the desk and not yet taken
 * to the bank, by month to cash; marking a selection as deposited makes a deposit slip
 * (bordereau de remise de chèques), the cheques sharing that deposited_at stamp. A slip
 * undone and a cheque rejected by the bank: cheque-returns.server.ts.
 */
import { sql } from "kysely";
import { getDb } from "~/db/client.server";
import { withActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import { pageOf } from "~/utils/list-page.server";
import { parseJson } from "~/core/json";
import { csvDocument } from "~/utils/csv";
import { formatEuros } from "~/core/money";
import { parisToday } from "~/core/club-time";
import { monthLabel } from "./membership-form";
import { DESK_CONFIRMATIONS } from "./membership-desk";
import { DeskConfirmation, DeskError } from "./desk.server";
import { paymentsWithFile } from "./payments.server";

export type ChequeRow = {
  id: number;
  fileId: number;
  reference: string;
  dueMonth: string;
  number: string;
  bank: string;
  drawer: string;
  amountCents: number;
  /** received | deposited | rejected */
  status: string;
  depositedAt: string | null;
};

function cheques() {
  return paymentsWithFile()
    .select([
      "p.id",
      "p.file_id",
      "f.reference",
      "p.due_month",
      "p.cheque_number",
      "p.bank",
      "p.amount_cents",
      "p.status",
      "p.deposited_at",
      "h.guardians",
      "h.email",
      (eb) =>
        eb
          .selectFrom("registrations as r")
          .innerJoin("members as m", "m.id", "r.member_id")
          .select(sql<string>`m.first_name || ' ' || m.last_name`.as("n"))
          .whereRef("r.file_id", "=", "f.id")
          .orderBy("r.rank")
          .limit(1)
          .as("first_member"),
    ])
    .where("p.method", "=", "cheque");
}

type Raw = Awaited<ReturnType<ReturnType<typeof cheques>["execute"]>>[number];

function toRow(raw: Raw): ChequeRow {
  const guardians = parseJson<{ firstName?: string; lastName?: string }[]>(raw.guardians, []);
  const guardian = Array.isArray(guardians) ? guardians[0] : undefined;
  return {
    id: raw.id,
    fileId: raw.file_id,
    reference: raw.reference ?? "",
    dueMonth: raw.due_month ?? "",
    number: raw.cheque_number,
    bank: raw.bank,
    drawer: guardian
      ? `${guardian.firstName ?? ""} ${guardian.lastName ?? ""}`.trim()
      : (raw.first_member ?? raw.email ?? ""),
    amountCents: raw.amount_cents,
    status: raw.status,
    depositedAt: raw.deposited_at,
  };
}

/** Cheques shown on a page of « Chèques à déposer » (a deposit slip's worth). */
export const CHEQUES_PER_PAGE = 50;

/** Received cheques not yet deposited, the earliest month to cash first; of one month if given. */
function received(month: string | null) {
  const query = cheques().where("p.status", "=", "received");
  return (month === null ? query : query.where("p.due_month", "=", month))
    .orderBy("p.due_month")
    .orderBy("p.id");
}

/** One page of the cheques to deposit (of one month if given). */
export async function chequesToDeposit({
  month = null,
  page = 1,
}: { month?: string | null; page?: number } = {}) {
  const list = await pageOf(received(month), { page, perPage: CHEQUES_PER_PAGE, id: "p.id" });
  return { ...list, rows: list.rows.map(toRow) };
}

/** Every cheque to deposit, for the spreadsheet. */
export async function allChequesToDeposit(): Promise<ChequeRow[]> {
  return (await received(null).execute()).map(toRow);
}

/** The months to cash with received cheques, the earliest first: their count and total. */
export async function monthsToDeposit() {
  const rows = await getDb()
    .selectFrom("membership_payments")
    .select([
      "due_month",
      (eb) => eb.fn.countAll<number | string>().as("count"),
      (eb) => eb.fn.sum<number | string>("amount_cents").as("cents"),
    ])
    .where("method", "=", "cheque")
    .where("status", "=", "received")
    .groupBy("due_month")
    .orderBy("due_month")
    .execute();
  return rows.map((row) => ({
    month: row.due_month ?? "",
    count: Number(row.count),
    totalCents: Number(row.cents),
  }));
}

// A slip's cheques: deposited together, some perhaps rejected since.
export const ON_SLIP = ["deposited", "rejected"];

/** The cheques of one deposit slip (marked deposited together). */
export async function depositSlip(stamp: string): Promise<ChequeRow[]> {
  return (
    await cheques()
      .where("p.status", "in", ON_SLIP)
      .where("p.deposited_at", "=", stamp)
      .orderBy("p.due_month")
      .orderBy("p.id")
      .execute()
  ).map(toRow);
}

/** The last deposit slips, newest first. */
export async function recentSlips(limit = 10) {
  const rows = await getDb()
    .selectFrom("membership_payments")
    .select([
      "deposited_at",
      (eb) => eb.fn.countAll<number | string>().as("count"),
      (eb) => eb.fn.sum<number | string>("amount_cents").as("cents"),
    ])
    .where("method", "=", "cheque")
    .where("status", "in", ON_SLIP)
    .where("deposited_at", "is not", null)
    .groupBy("deposited_at")
    .orderBy("deposited_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    stamp: row.deposited_at!,
    count: Number(row.count),
    totalCents: Number(row.cents),
  }));
}

/** The current month in Paris, YYYY-MM: the cheques list opens on it. */
export function currentMonth(now: Date = new Date()): string {
  return parisToday(now).slice(0, 7);
}

/**
 * Marks these received cheques as deposited, all with one stamp (the slip's). Cheques
 * promised for a later month are deposited only once `laterConfirmed`: the refusal names
 * those months.
 */
export async function markDeposited(
  actor: Actor,
  ids: readonly number[],
  { now = new Date(), laterConfirmed = false }: { now?: Date; laterConfirmed?: boolean } = {},
): Promise<string> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new DeskError("Cochez au moins un chèque à déposer.");
  const stamp = now.toISOString();
  await withActivity(
    actor,
    {
      action: "save",
      itemType: "membership",
      itemLabel: `Remise de ${unique.length} chèque${unique.length > 1 ? "s" : ""}`,
    },
    async () => {
      const found = await getDb()
        .selectFrom("membership_payments")
        .select(["id", "due_month"])
        .where("id", "in", unique)
        .where("method", "=", "cheque")
        .where("status", "=", "received")
        .execute();
      if (found.length !== unique.length) {
        throw new DeskError(
          "Un des chèques cochés n'est plus à déposer (déjà remis ou annulé) : rechargez la page.",
        );
      }
      if (!laterConfirmed) refuseLaterMonths(found, currentMonth(now));
      await getDb()
        .updateTable("membership_payments")
        .set({ status: "deposited", deposited_at: stamp, updated_at: stamp })
        .where("id", "in", unique)
        .execute();
    },
  );
  return stamp;
}

/** Asks before cheques promised for a month after `month` go to the bank, naming the months. */
function refuseLaterMonths(rows: readonly { due_month: string | null }[], month: string) {
  const later = new Map<string, number>();
  for (const row of rows) {
    if (row.due_month && row.due_month > month) {
      later.set(row.due_month, (later.get(row.due_month) ?? 0) + 1);
    }
  }
  if (later.size === 0) return;
  const named = [...later]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([due, count]) => `${monthLabel(due)} (${count} chèque${count > 1 ? "s" : ""})`);
  throw new DeskConfirmation(
    `Des chèques cochés sont promis pour plus tard : ${named.join(", ")}. ` +
      `La famille compte qu'ils ne soient pas encaissés avant. Pour les remettre en banque dès maintenant, choisissez « ${DESK_CONFIRMATIONS.confirmLater} ».`,
    "confirmLater",
  );
}

/** A slip as CSV for French Excel (app/utils/csv.ts), its total on the last line. */
export function slipCsv(rows: readonly ChequeRow[]): string {
  const header = ["Dossier", "Tireur", "Banque", "N° du chèque", "Mois d'encaissement", "Montant"];
  const lines = rows.map((row) => [
    row.reference,
    row.drawer,
    row.bank,
    row.number,
    row.dueMonth,
    formatEuros(row.amountCents, { sign: false }),
  ]);
  const total = rows.reduce((sum, row) => sum + row.amountCents, 0);
  const footer = [
    "Total",
    `${rows.length} chèque${rows.length > 1 ? "s" : ""}`,
    "",
    "",
    "",
    formatEuros(total, { sign: false }),
  ];
  return csvDocument(header, [...lines, footer]);
}
