/*
 * A household's file while the family types it: created by /adhesion's first
 * step (or a renewal, or the desk from a trial booking) with its JSON draft and a "draft"
 * link mailed to the household; found again from that link; saved step by step while it
 * is a draft, never after it was sent.
 */
import type { Selectable } from "kysely";
import { emptyDraft, type MembershipDraft } from "~/domains/membership/membership";
import { afterCommit, getDb, inTransaction } from "~/db/client.server";
import type { MembershipFilesTable } from "~/db/schema";
import { draftLinkMail } from "~/domains/membership/membership-mails.server";
import { getMailClub } from "~/core/club.server";
import { queueMail } from "~/domains/mail/index.server";
import { kickMailWorker } from "~/domains/mail/index.server";
import { mergeDefaults, parseJson } from "~/core/json";
import { getSeason, type SeasonRow } from "./season.server";
import { createMembershipToken, findMembershipToken } from "./tokens.server";

export type FileRow = Selectable<MembershipFilesTable>;

export type OpenFile = { file: FileRow; season: SeasonRow; draft: MembershipDraft };

/** The stored draft over the empty one: a missing or corrupt part reads as empty. */
export function readDraft(json: string): MembershipDraft {
  const draft = mergeDefaults(emptyDraft(), parseJson<unknown>(json, {}));
  return {
    ...draft,
    guardians: Array.isArray(draft.guardians) ? draft.guardians.slice(0, 2) : [],
    members: Array.isArray(draft.members) ? draft.members : [],
  };
}

/** The file a "draft" link opens (draft or sent), with its season; null for an unknown link. */
export async function openFile(token: string, now = new Date()): Promise<OpenFile | null> {
  const target = await findMembershipToken({ token, purpose: "draft", now });
  if (!target?.fileId) return null;
  const file = await getDb()
    .selectFrom("membership_files")
    .selectAll()
    .where("id", "=", target.fileId)
    .executeTakeFirst();
  if (!file) return null;
  const season = await getSeason(file.season_id);
  if (!season) return null;
  return { file, season, draft: readDraft(file.draft) };
}

/**
 * Saves the draft of a file still being typed. False when the file was sent (or cancelled)
 * meanwhile: the conditional UPDATE never touches a sent file.
 */
export async function saveDraft(fileId: number, draft: MembershipDraft, now = new Date()) {
  const result = await getDb()
    .updateTable("membership_files")
    .set({ draft: JSON.stringify(draft), updated_at: now.toISOString() })
    .where("id", "=", fileId)
    .where("status", "=", "draft")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * How many new files may mail their link to one e-mail address within an hour. Starting a
 * file is never limited per connection (one club Wi-Fi serves a whole registration evening):
 * this limit is what keeps /adhesion from mailing an address over and over.
 */
export const DRAFT_LINKS_PER_HOUR = 5;

export function draftLink(origin: string, token: string): string {
  return `${origin}/adhesion/dossier/${token}`;
}

/**
 * A new file for the season, its draft link, and the mail that carries the link (« Reprendre
 * votre inscription »), in one transaction. Returns the file's id and the link's token.
 */
export async function startDraft({
  seasonId,
  draft,
  householdId = null,
  renewalOf = null,
  trialBookingId = null,
  now = new Date(),
}: {
  seasonId: number;
  draft: MembershipDraft;
  householdId?: number | null;
  renewalOf?: number | null;
  trialBookingId?: number | null;
  now?: Date;
}): Promise<{ fileId: number; token: string; link: string }> {
  const club = await getMailClub();
  const stamp = now.toISOString();
  const result = await inTransaction(async () => {
    const file = await getDb()
      .insertInto("membership_files")
      .values({
        season_id: seasonId,
        household_id: householdId,
        status: "draft",
        draft: JSON.stringify(draft),
        renewal_of: renewalOf,
        trial_booking_id: trialBookingId,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const sent = await mailDraftLink(club, file.id, draft.household.email, { householdId, now });
    return { fileId: file.id, ...sent };
  });
  return result;
}

/** A new draft link to the file, mailed to `email`, in the caller's transaction. */
async function mailDraftLink(
  club: Awaited<ReturnType<typeof getMailClub>>,
  fileId: number,
  email: string,
  { householdId = null, now }: { householdId?: number | null; now: Date },
) {
  const token = await createMembershipToken({ purpose: "draft", fileId, householdId, now });
  const link = draftLink(club.origin, token);
  await queueMail(draftLinkMail({ club, to: email, link }));
  afterCommit(kickMailWorker);
  return { token, link };
}

/** The address of a draft corrected: a link to resume it goes to the new address. */
export async function mailDraftLinkTo(fileId: number, email: string, now = new Date()) {
  const club = await getMailClub();
  await inTransaction(() => mailDraftLink(club, fileId, email, { now }));
}

/** The season's draft begun with this e-mail address (the newest), if any. */
export async function draftBegunBy(seasonId: number, email: string): Promise<number | null> {
  const drafts = await getDb()
    .selectFrom("membership_files")
    .select(["id", "draft"])
    .where("season_id", "=", seasonId)
    .where("status", "=", "draft")
    // A first sieve on the stored JSON (a wildcard in the address only widens it); the
    // address is then compared as read.
    .where("draft", "like", `%${email}%`)
    .orderBy("id", "desc")
    .execute();
  const found = drafts.find((one) => readDraft(one.draft).household.email === email);
  return found?.id ?? null;
}
