/*
 * The list of membership files of a season (/admin/adhesions, the list pattern of ADR
 * 014): one row per file with its household, members, what it owes and has received, and
 * the state of its members (certificate, authorisations, licence, waiting list).
 *
 * A season holds a few hundred files: the filters read light rows of the season's
 * files, registrations and received money (three queries), decide each file's state in
 * code (the consents are JSON, the same on SQLite and PostgreSQL), then page the ids.
 */
import { CONSENTS, type StoredConsent } from "~/domains/membership/membership";
import {
  FILE_FILTERS,
  type FileFilter,
  type FileFlags,
} from "~/domains/membership/membership-desk";
export { FILE_FILTERS, type FileFilter, type FileFlags };
import { isMinorOn } from "~/domains/membership/membership-price";
import { getDb } from "~/db/client.server";
import { parseJson } from "~/core/json";
import { pageAt, type ListPage } from "~/utils/list-page.server";
import { OWED_COLUMNS, RECEIVED_STATUSES, registrationOwed } from "./file-balance.server";

export const FILES_PER_PAGE = 25;

/** The consents a minor's file cannot do without (CONSENTS marked minor and required). */
const MINOR_REQUIRED = (Object.keys(CONSENTS) as (keyof typeof CONSENTS)[]).filter(
  (kind) => CONSENTS[kind].minor && CONSENTS[kind].required,
);

export type RegistrationState = {
  status: string;
  medical_seen_at: string | null;
  licence_taken_at: string | null;
  consents: string;
  birth_date: string;
};

/** A minor (at the season's start) without every required authorisation accepted. */
export function lacksAuthorisation(row: RegistrationState, seasonStart: string): boolean {
  if (!isMinorOn(row.birth_date, seasonStart)) return false;
  const consents = parseJson<StoredConsent[]>(row.consents, []);
  const accepted = Array.isArray(consents)
    ? new Set(consents.filter((c) => c?.accepted).map((c) => c.kind))
    : new Set();
  return MINOR_REQUIRED.some((kind) => !accepted.has(kind));
}

export function flagsOf(
  file: { status: string; paid_at: string | null },
  registrations: readonly RegistrationState[],
  seasonStart: string,
  owedCents: number,
): FileFlags {
  const active = registrations.filter((r) => r.status === "active");
  const draft = file.status === "draft";
  const submitted = file.status === "submitted";
  const flags = {
    draft,
    toPay: submitted && !file.paid_at && owedCents > 0,
    certificateMissing: submitted && active.some((r) => !r.medical_seen_at),
    withoutAuthorisation: submitted && active.some((r) => lacksAuthorisation(r, seasonStart)),
    licenceNotTaken: submitted && active.some((r) => !r.licence_taken_at),
    waiting: submitted && registrations.some((r) => r.status === "waiting"),
  };
  return {
    ...flags,
    complete:
      submitted &&
      active.length > 0 &&
      !flags.toPay &&
      !flags.certificateMissing &&
      !flags.withoutAuthorisation,
  };
}

function matches(filter: FileFilter | null, flags: FileFlags, status: string): boolean {
  switch (filter) {
    case null:
      return status !== "draft";
    case "brouillons":
      return flags.draft;
    case "a-payer":
      return flags.toPay;
    case "incomplet":
      return status === "submitted" && !flags.complete;
    case "complet":
      return flags.complete;
    case "certificat-manquant":
      return flags.certificateMissing;
    case "sans-autorisation":
      return flags.withoutAuthorisation;
    case "licence-non-prise":
      return flags.licenceNotTaken;
    case "liste-attente":
      return flags.waiting;
  }
}

export type FileListRow = {
  id: number;
  reference: string | null;
  status: string;
  email: string;
  /** The first guardian's name, else the first member's. */
  householdName: string;
  members: { name: string; status: string }[];
  owedCents: number;
  receivedCents: number;
  paidAt: string | null;
  flags: FileFlags;
};

export async function listMembershipFiles({
  seasonId,
  filter,
  search,
  page,
}: {
  seasonId: number;
  filter: FileFilter | null;
  search: string;
  page: number;
}): Promise<ListPage<FileListRow> & { counts: Record<FileFilter | "tous", number> }> {
  const db = getDb();
  const season = await db
    .selectFrom("membership_seasons")
    .select("starts_on")
    .where("id", "=", seasonId)
    .executeTakeFirstOrThrow();
  const files = await db
    .selectFrom("membership_files as f")
    .leftJoin("households as h", "h.id", "f.household_id")
    .select(["f.id", "f.reference", "f.status", "f.paid_at", "f.draft", "h.email", "h.guardians"])
    .where("f.season_id", "=", seasonId)
    .where("f.status", "in", ["draft", "submitted", "cancelled"])
    .orderBy("f.id", "desc")
    .execute();
  const registrations = await db
    .selectFrom("registrations as r")
    .innerJoin("members as m", "m.id", "r.member_id")
    .select([
      "r.file_id",
      "r.status",
      "r.medical_seen_at",
      "r.licence_taken_at",
      "r.consents",
      ...OWED_COLUMNS,
      "m.birth_date",
      "m.first_name",
      "m.last_name",
    ])
    .where("r.season_id", "=", seasonId)
    .orderBy("r.file_id")
    .orderBy("r.rank")
    .orderBy("r.id")
    .execute();
  const received = await db
    .selectFrom("membership_payments as p")
    .innerJoin("membership_files as f", "f.id", "p.file_id")
    .select(["p.file_id", (eb) => eb.fn.sum<number | string>("p.amount_cents").as("cents")])
    .where("f.season_id", "=", seasonId)
    .where("p.status", "in", RECEIVED_STATUSES)
    .groupBy("p.file_id")
    .execute();
  const receivedBy = new Map(received.map((row) => [row.file_id, Number(row.cents)]));
  const byFile = new Map<number, typeof registrations>();
  for (const row of registrations) {
    byFile.set(row.file_id, [...(byFile.get(row.file_id) ?? []), row]);
  }
  const words = search.toLowerCase().split(" ").filter(Boolean);
  const counts = Object.fromEntries(["tous", ...FILE_FILTERS].map((key) => [key, 0])) as Record<
    FileFilter | "tous",
    number
  >;
  const shown: FileListRow[] = [];
  for (const file of files) {
    const regs = byFile.get(file.id) ?? [];
    const owedCents = regs
      .filter((r) => r.status === "active")
      .reduce((sum, r) => sum + registrationOwed(r), 0);
    const flags = flagsOf(file, regs, season.starts_on, owedCents);
    const guardians = parseJson<{ firstName?: string; lastName?: string }[]>(file.guardians, []);
    const guardian = Array.isArray(guardians) ? guardians[0] : undefined;
    const draftEmail =
      file.status === "draft"
        ? parseJson<{ household?: { email?: string } }>(file.draft, {}).household?.email
        : undefined;
    const row: FileListRow = {
      id: file.id,
      reference: file.reference,
      status: file.status,
      email: file.email ?? draftEmail ?? "",
      householdName: guardian
        ? `${guardian.firstName ?? ""} ${guardian.lastName ?? ""}`.trim()
        : regs[0]
          ? `${regs[0].first_name} ${regs[0].last_name}`
          : "",
      members: regs.map((r) => ({ name: `${r.first_name} ${r.last_name}`, status: r.status })),
      owedCents,
      receivedCents: receivedBy.get(file.id) ?? 0,
      paidAt: file.paid_at,
      flags,
    };
    if (words.length > 0) {
      const haystack = [
        row.reference ?? "",
        row.email,
        row.householdName,
        ...row.members.map((m) => m.name),
      ]
        .join(" ")
        .toLowerCase();
      if (!words.every((word) => haystack.includes(word))) continue;
    }
    if (matches(null, flags, file.status)) counts.tous += 1;
    for (const key of FILE_FILTERS) if (matches(key, flags, file.status)) counts[key] += 1;
    if (matches(filter, flags, file.status)) shown.push(row);
  }
  const at = pageAt(shown.length, { page, perPage: FILES_PER_PAGE });
  return {
    rows: shown.slice(at.offset, at.offset + FILES_PER_PAGE),
    total: shown.length,
    page: at.page,
    pages: at.pages,
    counts,
  };
}

/** The seasons, newest first, for the list's season choice. */
export async function listSeasons() {
  return getDb()
    .selectFrom("membership_seasons")
    .select(["id", "label", "starts_on"])
    .orderBy("starts_on", "desc")
    .orderBy("id", "desc")
    .execute();
}
