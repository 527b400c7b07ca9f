/*
 * The desk's acts on one member of a membership file (« Réception du dossier »): the
 * Pass'Sport code checked, a manual reduction, a place given from the waiting list. Each act
 * and its journal row in one transaction; bad input throws a DeskError (French), nothing stored.
 * The money handed over is desk.server.ts.
 */
import { priceFile } from "~/domains/membership/membership-price";
import { getDb } from "~/db/client.server";
import { withActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import { DeskError, fileActivity, fileOf } from "./desk.server";
import { refreshPaidAt } from "./file-balance.server";

async function registrationOf(fileId: number, registrationId: number) {
  const registration = await getDb()
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", registrationId)
    .executeTakeFirst();
  if (!registration || registration.file_id !== fileId) {
    throw new DeskError("Cet adhérent n'appartient pas à ce dossier.");
  }
  return registration;
}

/** Marks the member's Pass'Sport code as checked (or not) by the one at the desk. */
export async function checkPassSport(
  actor: Actor,
  { fileId, registrationId, checked }: { fileId: number; registrationId: number; checked: boolean },
  { now = new Date() }: { now?: Date } = {},
) {
  const file = await fileOf(fileId);
  const registration = await registrationOf(file.id, registrationId);
  if (!registration.pass_sport_code)
    throw new DeskError("Cet adhérent n'a pas donné de code Pass'Sport.");
  await withActivity(actor, fileActivity(file), () =>
    getDb()
      .updateTable("registrations")
      .set({
        pass_sport_checked_at: checked ? now.toISOString() : null,
        pass_sport_checked_by: checked ? actor.username : "",
        updated_at: now.toISOString(),
      })
      .where("id", "=", registrationId)
      .execute(),
  );
}

/**
 * The treasurer's manual reduction for a member, with its reason: priceFile recomputes the
 * member's line (never below zero: the reduction is capped by what is left to pay).
 */
export async function setManualDiscount(
  actor: Actor,
  {
    fileId,
    registrationId,
    cents,
    reason,
  }: { fileId: number; registrationId: number; cents: number; reason: string },
  { now = new Date() }: { now?: Date } = {},
) {
  const file = await fileOf(fileId);
  const registration = await registrationOf(file.id, registrationId);
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new DeskError("La réduction doit être un montant positif en euros (ex. 20).");
  }
  const why = reason.trim();
  if (cents > 0 && !why) throw new DeskError("Indiquez le motif de la réduction.");
  if (why.length > 200) throw new DeskError("Le motif : 200 caractères au plus.");
  // The member's line priced again from what was copied at submission (club and licence
  // parts, household reduction, Pass'Sport), with the reduction: priceFile caps it.
  const line = priceFile(
    [
      {
        tariff: {
          id: registration.tariff_id,
          practice: "",
          birthYearMin: null,
          birthYearMax: null,
          clubCents: registration.club_cents,
          licenceCents: registration.licence_cents,
        },
        passSport: registration.pass_sport_cents > 0,
        manualDiscountCents: cents,
      },
    ],
    {
      passSportCents: registration.pass_sport_cents,
      discounts: [{ nthMember: 1, amountCents: registration.household_discount_cents }],
    },
  ).members[0]!;
  const applied = line.manualDiscountCents;
  return withActivity(actor, fileActivity(file), async () => {
    await getDb()
      .updateTable("registrations")
      .set({
        manual_discount_cents: applied,
        manual_discount_reason: applied > 0 ? why : "",
        updated_at: now.toISOString(),
      })
      .where("id", "=", registrationId)
      .execute();
    return { applied, balance: await refreshPaidAt(file.id, { now }) };
  });
}

/**
 * « Donner la place »: a waiting registration becomes active when its tariff has a place.
 * What it now owes is not in the expected payments: the treasurer adds it (the screen says so).
 */
export async function giveWaitingPlace(
  actor: Actor,
  { fileId, registrationId }: { fileId: number; registrationId: number },
  { now = new Date() }: { now?: Date } = {},
) {
  const file = await fileOf(fileId);
  const registration = await registrationOf(file.id, registrationId);
  if (registration.status !== "waiting")
    throw new DeskError("Cet adhérent n'est pas en liste d'attente.");
  return withActivity(actor, fileActivity(file), async () => {
    const db = getDb();
    const tariff = await db
      .selectFrom("membership_tariffs")
      .select(["places"])
      .where("id", "=", registration.tariff_id)
      .executeTakeFirstOrThrow();
    if (tariff.places !== null) {
      const taken = await db
        .selectFrom("registrations")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("tariff_id", "=", registration.tariff_id)
        .where("status", "=", "active")
        .executeTakeFirstOrThrow();
      if (Number(taken.n) >= tariff.places) {
        throw new DeskError("Ce tarif n'a plus de place libre.");
      }
    }
    await db
      .updateTable("registrations")
      .set({ status: "active", updated_at: now.toISOString() })
      .where("id", "=", registrationId)
      .execute();
    return refreshPaidAt(file.id, { now });
  });
}
