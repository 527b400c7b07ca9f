/*
 * Sending a household's file (the rows docs/decisions/024-membership.md names): in ONE
 * transaction the file is taken from "draft" to "submitted" (a conditional UPDATE: a draft
 * posted twice is sent once), the household and its members are written (updated for a
 * renewal), one registration per member with the price of priceFile() copied, "waiting"
 * when its tariff's places are all taken by active registrations (counted in the
 * transaction, under a lock per tariff on PostgreSQL), the expected payments and their
 * allocations, the reference, the journal's row and the confirmation mail (claimed once).
 */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { allocate, formatEuros, splitInstalments } from "~/core/money";
import {
  CONSENTS,
  PAYMENT_METHODS,
  type DraftMember,
  type PaymentMethod,
  type MembershipDraft,
  type StoredConsent,
} from "~/domains/membership/membership";
import {
  consentsFor,
  draftProblems,
  isDraftMinor,
  memberName,
  type DraftProblem,
} from "~/domains/membership/membership-draft-check";
import { chequeMonths, monthLabel } from "~/domains/membership/membership-form";
import { priceFile, type FilePrice } from "~/domains/membership/membership-price";
import { parisToday } from "~/core/club-time";
import { afterCommit, getDb, inTransaction, isPostgres } from "~/db/client.server";
import {
  confirmationMail,
  type ConfirmationMember,
} from "~/domains/membership/membership-mails.server";
import { queueMail } from "~/domains/mail/index.server";
import { getMailClub } from "~/core/club.server";
import { kickMailWorker } from "~/domains/mail/index.server";
import { logActivity } from "~/domains/history/index.server";
import { SERVER_ACTOR } from "~/domains/history";
import { cardPaymentOn } from "~/domains/membership/helloasso/config.server";
import { draftLink, readDraft } from "./file-draft.server";
import {
  getSeason,
  priceTariff,
  seasonDiscounts,
  seasonTariffs,
  takeFileReference,
  type SeasonRow,
  type TariffRow,
} from "./season.server";

/** The version of an accepted text: the first 12 hex of its SHA-256. */
export function textVersion(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 12);
}

/** What the member still hands over for the medical rule, in words. */
export function medicalThing(kind: string): string {
  return kind === "questionnaire"
    ? "l'attestation du questionnaire de santé"
    : "le certificat médical de la saison";
}

export type SubmitResult =
  | { ok: true; reference: string; fileId: number; householdId: number }
  | { ok: false; reason: "sent" }
  | { ok: false; reason: "closed" }
  | { ok: false; reason: "incomplete"; problems: DraftProblem[] };

class AlreadySent extends Error {}

/** How the total is paid, as the confirmation mail says it after the amount. */
function totalHow(method: PaymentMethod, payments: number): string {
  if (payments === 0) return "";
  if (method === "card") return " (par carte bancaire, en ligne sur HelloAsso)";
  if (method !== "cheque") return ` (${PAYMENT_METHODS[method]}, au club)`;
  return `, en ${payments} chèque${payments > 1 ? "s" : ""} à l'ordre du club :`;
}

/**
 * Shares successive payments (three cheques) over the members so that, summed, each
 * member's allocations are exactly what they owe: each payment takes allocate() of the
 * running total less what the earlier ones took (allocate() alone on each cheque could
 * leave a member a cent short and another a cent over).
 */
export function cumulativeShares(owed: readonly number[]) {
  let paid = 0;
  let before = owed.map(() => 0);
  return {
    next(amount: number): number[] {
      paid += amount;
      const upTo = allocate(paid, owed);
      let parts = upTo.map((cents, i) => cents - before[i]!);
      if (parts.some((cents) => cents < 0)) parts = allocate(amount, owed);
      before = before.map((cents, i) => cents + parts[i]!);
      return parts;
    },
  };
}

/** The draft's members priced as the file will store them (the summary shows the same). */
export function priceDraft(
  draft: MembershipDraft,
  tariffs: readonly TariffRow[],
  season: Pick<SeasonRow, "pass_sport_cents">,
  discounts: Awaited<ReturnType<typeof seasonDiscounts>>,
): FilePrice | null {
  const rows = draft.members.map((member) => tariffs.find((t) => t.id === member.tariffId));
  if (rows.some((row) => !row)) return null;
  return priceFile(
    draft.members.map((member, i) => ({
      tariff: priceTariff(rows[i]!),
      passSport: member.passSportCode !== "",
    })),
    { passSportCents: season.pass_sport_cents, discounts },
  );
}

function storedConsents(
  member: DraftMember,
  minor: boolean,
  houseRules: string,
  by: string,
  at: string,
): StoredConsent[] {
  return consentsFor(minor).map((kind) => ({
    kind,
    accepted: member.consents[kind] === true,
    version: textVersion(kind === "reglement" ? houseRules : CONSENTS[kind].label),
    at,
    by,
  }));
}

/** Serialises the registrations of one tariff until commit (PostgreSQL; SQLite's write lock does). */
async function lockTariffs(ids: readonly number[]) {
  const db = getDb();
  if (!isPostgres(db)) return;
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    await sql`select pg_advisory_xact_lock(hashtext(${`adhesion-tarif:${id}`}))`.execute(db);
  }
}

/**
 * Sends the file. `token` is the draft link the family followed (only its hash is stored):
 * the confirmation mail links to the file's page with it.
 */
export async function submitFile(
  fileId: number,
  token: string,
  now = new Date(),
): Promise<SubmitResult> {
  const file = await getDb()
    .selectFrom("membership_files")
    .selectAll()
    .where("id", "=", fileId)
    .executeTakeFirst();
  if (!file || file.status !== "draft") return { ok: false, reason: "sent" };
  const season = (await getSeason(file.season_id))!;
  const today = parisToday(now);
  if (today < season.registration_opens_on || today > season.registration_closes_on) {
    return { ok: false, reason: "closed" };
  }
  const [tariffs, discounts, club] = await Promise.all([
    seasonTariffs(season.id),
    seasonDiscounts(season.id),
    getMailClub(),
  ]);
  const draft = readDraft(file.draft);
  const months = chequeMonths(season, parisToday(now));
  const problems = draftProblems(
    draft,
    tariffs.map(priceTariff),
    { startsOn: season.starts_on, months, card: await cardPaymentOn() },
    parisToday(now),
  );
  if (problems.length > 0) return { ok: false, reason: "incomplete", problems };
  const price = priceDraft(draft, tariffs, season, discounts)!;
  const stamp = now.toISOString();
  try {
    return await inTransaction(async () => {
      const db = getDb();
      const taken = await db
        .updateTable("membership_files")
        .set({ status: "submitted", submitted_at: stamp, updated_at: stamp })
        .where("id", "=", fileId)
        .where("status", "=", "draft")
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw new AlreadySent();
      await lockTariffs(draft.members.map((member) => member.tariffId!));

      const { household } = draft;
      const householdValues = {
        email: household.email.trim().toLowerCase(),
        phone: household.phone,
        address: household.address,
        postal_code: household.postalCode,
        city: household.city,
        guardians: JSON.stringify(draft.guardians),
        updated_at: stamp,
      };
      let householdId = file.household_id;
      if (householdId !== null) {
        await db
          .updateTable("households")
          .set(householdValues)
          .where("id", "=", householdId)
          .execute();
      } else {
        householdId = (
          await db
            .insertInto("households")
            .values({ ...householdValues, created_at: stamp })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      }

      const registrations: { id: number; owed: number; member: DraftMember; waiting: boolean }[] =
        [];
      for (const [index, member] of draft.members.entries()) {
        const memberValues = {
          first_name: member.firstName,
          last_name: member.lastName,
          birth_date: member.birthDate,
          sex: member.sex,
          updated_at: stamp,
        };
        let memberId: number | null = null;
        if (member.memberId !== null) {
          const updated = await db
            .updateTable("members")
            .set(memberValues)
            .where("id", "=", member.memberId)
            .where("household_id", "=", householdId)
            .returning("id")
            .executeTakeFirst();
          memberId = updated?.id ?? null;
        }
        memberId ??= (
          await db
            .insertInto("members")
            .values({ ...memberValues, household_id: householdId, created_at: stamp })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
        const tariff = tariffs.find((t) => t.id === member.tariffId)!;
        const line = price.members[index]!;
        let waiting = false;
        if (tariff.places !== null) {
          const active = await db
            .selectFrom("registrations")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("tariff_id", "=", tariff.id)
            .where("status", "=", "active")
            .executeTakeFirstOrThrow();
          waiting = Number(active.n) >= tariff.places;
        }
        const minor = isDraftMinor(member, { startsOn: season.starts_on });
        const registration = await db
          .insertInto("registrations")
          .values({
            season_id: season.id,
            file_id: fileId,
            member_id: memberId,
            tariff_id: tariff.id,
            rank: index + 1,
            status: waiting ? "waiting" : "active",
            club_cents: line.clubCents,
            licence_cents: line.licenceCents,
            household_discount_cents: line.householdDiscountCents,
            manual_discount_cents: 0,
            manual_discount_reason: "",
            pass_sport_code: member.passSportCode,
            pass_sport_cents: line.passSportCents,
            medical_kind: tariff.medical_rule,
            consents: JSON.stringify(
              storedConsents(member, minor, season.house_rules, householdValues.email, stamp),
            ),
            created_at: stamp,
            updated_at: stamp,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        registrations.push({ id: registration.id, owed: line.totalCents, member, waiting });
      }

      const active = registrations.filter((one) => !one.waiting);
      const due = active.reduce((sum, one) => sum + one.owed, 0);
      const { payment } = draft;
      const method: PaymentMethod =
        payment.choice === "card" ? "card" : (payment.method as Exclude<typeof payment.method, "">);
      const amounts =
        due === 0 ? [] : method === "cheque" ? splitInstalments(due, payment.cheques) : [due];
      const paymentLines: string[] = [];
      const shares = cumulativeShares(active.map((one) => one.owed));
      for (const [i, amount] of amounts.entries()) {
        const dueMonth = method === "cheque" ? payment.months[i]! : null;
        const row = await db
          .insertInto("membership_payments")
          .values({
            file_id: fileId,
            method,
            amount_cents: amount,
            status: "expected",
            due_month: dueMonth,
            created_at: stamp,
            updated_at: stamp,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const parts = shares.next(amount);
        for (const [j, part] of parts.entries()) {
          if (part === 0) continue;
          await db
            .insertInto("membership_allocations")
            .values({ payment_id: row.id, registration_id: active[j]!.id, amount_cents: part })
            .execute();
        }
        paymentLines.push(
          dueMonth
            ? `- chèque ${i + 1} : ${formatEuros(amount)}, encaissé en ${monthLabel(dueMonth)}`
            : `- ${PAYMENT_METHODS[method]} : ${formatEuros(amount)}`,
        );
      }

      const reference = await takeFileReference(season.id);
      await db
        .updateTable("membership_files")
        .set({ reference, household_id: householdId, payment_choice: payment.choice })
        .where("id", "=", fileId)
        .execute();
      await db
        .updateTable("membership_tokens")
        .set({ household_id: householdId })
        .where("file_id", "=", fileId)
        .execute();
      await logActivity(
        SERVER_ACTOR,
        {
          action: "membership.submitted",
          itemType: "membership",
          itemId: fileId,
          itemLabel: `${reference} (${registrations.map((one) => memberName(one.member)).join(", ")})`,
        },
        { now },
      );

      const claimed = await db
        .insertInto("membership_mails")
        .values({ key: `confirmation:${fileId}`, sent_at: stamp })
        .onConflict((oc) => oc.column("key").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (claimed) {
        const members: ConfirmationMember[] = registrations.map((one) => {
          const tariff = tariffs.find((t) => t.id === one.member.tariffId)!;
          return {
            name: memberName(one.member),
            tariff: tariff.label,
            waiting: one.waiting,
            missing: one.waiting
              ? [medicalThing(tariff.medical_rule)]
              : [
                  medicalThing(tariff.medical_rule),
                  // Paid by card on HelloAsso: nothing of the money is handed to the club.
                  ...(one.owed > 0 && method !== "card"
                    ? [`sa part du paiement (${formatEuros(one.owed)})`]
                    : []),
                ],
          };
        });
        const names = registrations.map((one) => memberName(one.member)).join(", ");
        await queueMail(
          confirmationMail({
            club,
            to: householdValues.email,
            reference,
            members,
            totalLine: `Total à payer : ${formatEuros(due)}${totalHow(method, amounts.length)}`,
            payment: method === "cheque" ? paymentLines : [],
            chequeBack: method === "cheque" && amounts.length > 0 ? `${reference} – ${names}` : "",
            link: draftLink(club.origin, token),
          }),
        );
        afterCommit(kickMailWorker);
      }
      return { ok: true as const, reference, fileId, householdId };
    });
  } catch (error) {
    if (error instanceof AlreadySent) return { ok: false, reason: "sent" };
    throw error;
  }
}
