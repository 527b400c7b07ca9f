import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { formatEuros } from "~/core/money";
import { parisToday } from "~/core/club-time";
import { chequeMonths } from "~/domains/membership/membership-form";
import { readDraft, saveDraft } from "~/domains/membership/file-draft.server";
import { submitFile } from "~/domains/membership/submit.server";
import { callRoute } from "../../../../tests/auth";
import { createSeason } from "../../../../tests/membership";
import { loader as dataLoader } from "./membership-data";
import { loader as fileLoader } from "./membership-file";
import {
  allConsents,
  GUARDIAN,
  HOUSEHOLD,
  startFile,
  steps,
} from "../../../../tests/membership-family";

/*
 * /adhesion from end to end on the route actions: a family of two children with the
 * sibling reduction, Pass'Sport and three cheques, checked to the cent in the rows
 * docs/decisions/024-membership.md names; a full tariff's waiting list; bad input on every
 * step.
 */

const db = () => getDb();
let season: Awaited<ReturnType<typeof createSeason>>["season"];
let start: number;

const ref = (n: number) => `ADH-${start}-${String((season.id - 1) * 100 + n).padStart(3, "0")}`;
const outbox = () =>
  db()
    .selectFrom("mail_outbox")
    .select(["to_address", "subject", "body_text"])
    .orderBy("id")
    .execute();

beforeEach(async () => {
  await db().deleteFrom("mail_outbox").execute();
  ({ season } = await createSeason());
  start = Number(season.starts_on.slice(0, 4));
  // Every test's season starts the same year: its references start apart.
  await db()
    .updateTable("membership_seasons")
    .set({ next_reference: (season.id - 1) * 100 })
    .where("id", "=", season.id)
    .execute();
});

/** Two children in boxe éducative, guardians, consents; returns the token. */
async function twoChildren(passSport: Record<string, string> = {}) {
  const { token } = await startFile();
  const step = steps(token);
  for (const [key, first, birth] of [
    ["nouveau", "Léo", `${start - 11}-03-10`],
    ["nouveau", "Inès", `${start - 8}-06-20`],
  ] as const) {
    const answer = await step.member(key, {
      first_name: first,
      last_name: "Martin",
      birth_date: birth,
      sex: first === "Léo" ? "M" : "F",
      practice: "educative",
      tariff: "",
    });
    expect(answer.status).toBe(302);
  }
  expect((await step.members()).headers.get("Location")).toMatch(/responsables$/);
  expect((await step.guardians(GUARDIAN)).status).toBe(302);
  expect((await step.consents(allConsents(["m1", "m2"], passSport))).status).toBe(302);
  return token;
}

describe("a family of two children", () => {
  it("sends one file: sibling reduction, Pass'Sport, three cheques, to the cent", async () => {
    const token = await twoChildren({ "m2.pass_sport": "ps-2026-abcd" });
    const months = chequeMonths(season, parisToday()).slice(0, 3);
    const answer = await steps(token).payment({
      choice: "club",
      method: "cheque",
      cheques: "3",
      month1: months[0]!,
      month2: months[1]!,
      month3: months[2]!,
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/adhesion/dossier/${token}?envoye=1`);

    const file = await db()
      .selectFrom("membership_files")
      .selectAll()
      .where("season_id", "=", season.id)
      .executeTakeFirstOrThrow();
    expect(file.status).toBe("submitted");
    expect(file.reference).toBe(ref(1));
    expect(file.payment_choice).toBe("club");
    const household = await db()
      .selectFrom("households")
      .selectAll()
      .where("id", "=", file.household_id!)
      .executeTakeFirstOrThrow();
    expect(household).toMatchObject({
      email: "famille.martin@example.fr",
      postal_code: "69330",
      city: "Meyzieu",
    });
    expect(JSON.parse(household.guardians)).toEqual([
      {
        firstName: "Claire",
        lastName: "Martin",
        relation: "mère",
        phone: "06 12 34 56 78",
        email: "claire.martin@example.fr",
      },
    ]);
    const registrations = await db()
      .selectFrom("registrations")
      .innerJoin("members", "members.id", "registrations.member_id")
      .select([
        "registrations.id",
        "members.first_name",
        "members.birth_date",
        "members.household_id",
        "rank",
        "status",
        "club_cents",
        "licence_cents",
        "household_discount_cents",
        "pass_sport_code",
        "pass_sport_cents",
        "medical_kind",
        "consents",
      ])
      .where("file_id", "=", file.id)
      .orderBy("rank")
      .execute();
    expect(registrations.map(({ id: _, consents: __, ...row }) => row)).toEqual([
      {
        first_name: "Léo",
        birth_date: `${start - 11}-03-10`,
        household_id: household.id,
        rank: 1,
        status: "active",
        club_cents: 11000,
        licence_cents: 4000,
        household_discount_cents: 0,
        pass_sport_code: "",
        pass_sport_cents: 0,
        medical_kind: "questionnaire",
      },
      {
        first_name: "Inès",
        birth_date: `${start - 8}-06-20`,
        household_id: household.id,
        rank: 2,
        status: "active",
        club_cents: 11000,
        licence_cents: 4000,
        household_discount_cents: 2000,
        pass_sport_code: "PS-2026-ABCD",
        pass_sport_cents: 7000,
        medical_kind: "questionnaire",
      },
    ]);
    // 150 € + (150 − 20 − 70) €: 210 € in three cheques of 70 €.
    const consents = JSON.parse(registrations[0]!.consents) as {
      kind: string;
      accepted: boolean;
      version: string;
    }[];
    expect(consents.map((c) => c.kind)).toEqual([
      "reglement",
      "autorisation_parentale",
      "soins_urgence",
      "depart_seul",
      "droit_image",
    ]);
    expect(consents.every((c) => c.accepted && /^[0-9a-f]{12}$/.test(c.version))).toBe(true);

    const payments = await db()
      .selectFrom("membership_payments")
      .select(["id", "method", "amount_cents", "status", "due_month"])
      .where("file_id", "=", file.id)
      .orderBy("id")
      .execute();
    expect(payments.map(({ id: _, ...row }) => row)).toEqual(
      months.map((month) => ({
        method: "cheque",
        amount_cents: 7000,
        status: "expected",
        due_month: month,
      })),
    );
    const allocations = await db()
      .selectFrom("membership_allocations")
      .select(["payment_id", "registration_id", "amount_cents"])
      .where(
        "payment_id",
        "in",
        payments.map((p) => p.id),
      )
      .orderBy("id")
      .execute();
    const byMember = (id: number) =>
      allocations.filter((a) => a.registration_id === id).reduce((s, a) => s + a.amount_cents, 0);
    expect(byMember(registrations[0]!.id)).toBe(15000);
    expect(byMember(registrations[1]!.id)).toBe(6000);
    for (const payment of payments) {
      const parts = allocations.filter((a) => a.payment_id === payment.id);
      expect(parts.reduce((s, a) => s + a.amount_cents, 0)).toBe(payment.amount_cents);
    }

    const journal = await db()
      .selectFrom("activity_log")
      .select(["username", "action", "item_type", "item_id", "item_label"])
      .where("action", "=", "membership.submitted")
      .execute();
    expect(journal).toEqual([
      {
        username: "serveur",
        action: "membership.submitted",
        item_type: "membership",
        item_id: String(file.id),
        item_label: `${ref(1)} (Léo Martin, Inès Martin)`,
      },
    ]);

    const mails = await outbox();
    expect(mails.map((m) => m.to_address)).toEqual([
      "famille.martin@example.fr",
      "famille.martin@example.fr",
    ]);
    expect(mails[0]!.body_text).toContain(`/adhesion/dossier/${token}`);
    const confirmation = mails[1]!.body_text;
    expect(mails[1]!.subject).toContain(ref(1));
    expect(confirmation).toContain(`Total à payer : ${formatEuros(21000)}`);
    expect(confirmation).toContain("l'attestation du questionnaire de santé");
    expect(confirmation).toContain(
      `Léo Martin : l'attestation du questionnaire de santé ; sa part du paiement (${formatEuros(15000)})`,
    );
    expect(confirmation).toContain(
      `Au dos de chaque chèque, écrivez : ${ref(1)} – Léo Martin, Inès Martin`,
    );
    expect(confirmation).toContain(`/adhesion/dossier/${token}`);

    // h. The file's page and « Télécharger mes données »: this household's rows only.
    const page = await callRoute(
      fileLoader,
      new Request(`http://localhost/adhesion/dossier/${token}?envoye=1`),
      {},
      { token },
    );
    expect(page.data).toMatchObject({
      reference: ref(1),
      sent: true,
      members: [
        {
          name: "Léo Martin",
          ofName: "de Léo Martin",
          status: "Inscrit",
          missing: [
            "l'attestation du questionnaire de santé",
            `sa part du paiement (${formatEuros(15000)})`,
          ],
        },
        {
          name: "Inès Martin",
          ofName: "d'Inès Martin",
          status: "Inscrite",
          missing: [
            "l'attestation du questionnaire de santé",
            `sa part du paiement (${formatEuros(6000)})`,
          ],
        },
      ],
    });
    const download = await callRoute(dataLoader, new Request("http://localhost/"), {}, { token });
    expect(download.headers.get("Content-Disposition")).toContain("attachment");
    const mine = JSON.parse(download.data as string);
    expect(mine.household.email).toBe("famille.martin@example.fr");
    expect(mine.members.map((m: { first_name: string }) => m.first_name)).toEqual(["Léo", "Inès"]);
    expect(mine.registrations).toHaveLength(2);
    expect(mine.registrations[0].consents[0]).toMatchObject({ kind: "reglement", accepted: true });
    expect(mine.payments).toHaveLength(3);
    expect(mine.allocations.length).toBeGreaterThanOrEqual(3);
    expect(
      (await callRoute(dataLoader, new Request("http://localhost/"), {}, { token: "y".repeat(43) }))
        .status,
    ).toBe(404);

    // Posted again at once (a double tap, a resend): nothing new, the same confirmation.
    const again = await steps(token).payment({ choice: "club", method: "cash" });
    expect(again.headers.get("Location")).toBe(`/adhesion/dossier/${token}?envoye=1`);
    // Posted again later, or another step posted: the page says it was already sent.
    expect((await steps(token).guardians(GUARDIAN)).headers.get("Location")).toBe(
      `/adhesion/dossier/${token}?deja=1`,
    );
    await db()
      .updateTable("membership_files")
      .set({ submitted_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where("id", "=", file.id)
      .execute();
    const later = await steps(token).payment({ choice: "club", method: "cash" });
    expect(later.headers.get("Location")).toBe(`/adhesion/dossier/${token}?deja=1`);
    expect(await submitFile(file.id, token)).toEqual({ ok: false, reason: "sent" });
    expect(
      await db().selectFrom("registrations").select("id").where("file_id", "=", file.id).execute(),
    ).toHaveLength(2);
    expect((await outbox()).length).toBe(2);
  });
});

describe("a full tariff", () => {
  it("gives its last place to one of two files sent at once; the other waits and owes nothing", async () => {
    const tariff = (
      await db()
        .selectFrom("membership_tariffs")
        .select("id")
        .where("season_id", "=", season.id)
        .where("practice", "=", "competition")
        .executeTakeFirstOrThrow()
    ).id;
    await db()
      .updateTable("membership_tariffs")
      .set({ places: 1 })
      .where("id", "=", tariff)
      .execute();
    const files: { token: string; id: number }[] = [];
    for (const email of ["a@example.fr", "b@example.fr"]) {
      const { token } = await startFile({ ...HOUSEHOLD, email });
      const step = steps(token);
      await step.member("nouveau", {
        first_name: "Sam",
        last_name: email[0]!,
        birth_date: "1990-01-01",
        sex: "M",
        practice: "competition",
        tariff: "",
      });
      await step.consents(allConsents(["m1"]));
      const file = await db()
        .selectFrom("membership_files")
        .select(["id", "draft"])
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      const draft = readDraft(file.draft);
      await saveDraft(file.id, {
        ...draft,
        payment: { choice: "club", method: "cash", cheques: 1, months: [] },
      });
      files.push({ token, id: file.id });
    }
    // Both complete: sent at the same moment.
    const results = await Promise.all(files.map((file) => submitFile(file.id, file.token)));
    expect(results.every((result) => result.ok)).toBe(true);
    const registrations = await db()
      .selectFrom("registrations")
      .select(["file_id", "status"])
      .where("tariff_id", "=", tariff)
      .orderBy("file_id")
      .execute();
    expect(registrations.map((r) => r.status).sort()).toEqual(["active", "waiting"]);
    const waitingFile = registrations.find((r) => r.status === "waiting")!.file_id;
    const activeFile = registrations.find((r) => r.status === "active")!.file_id;
    const paymentsOf = (fileId: number) =>
      db()
        .selectFrom("membership_payments")
        .select("amount_cents")
        .where("file_id", "=", fileId)
        .execute();
    expect(await paymentsOf(waitingFile)).toEqual([]);
    expect(await paymentsOf(activeFile)).toEqual([{ amount_cents: 26000 }]);
  });
});

describe("bad and hostile input", () => {
  const long = "x".repeat(81);

  it("is refused in French on every step, with what was typed, and nothing stored wrongly", async () => {
    // a. who pays
    const files = () => db().selectFrom("membership_files").select("id").execute();
    const before = (await files()).length;
    const bad = await startFile({
      ...HOUSEHOLD,
      email: "pas-une-adresse",
      postal_code: "6933",
      city: long,
    });
    expect(bad.answer.status).toBe(400);
    expect(bad.answer.data).toMatchObject({
      values: { email: "pas-une-adresse", city: long },
      errors: {
        email: expect.stringContaining("n'est pas valide"),
        postal_code: expect.stringContaining("5 chiffres"),
        city: expect.stringContaining("80 caractères"),
      },
    });
    expect((await files()).length).toBe(before);

    const { token } = await startFile();
    const step = steps(token);
    const member = {
      first_name: "Léo",
      last_name: "Martin",
      birth_date: `${start - 11}-03-10`,
      sex: "M",
      practice: "educative",
      tariff: "",
    };
    const errorsOf = async (answer: ReturnType<typeof step.member>) =>
      ((await answer).data as { errors: Record<string, string> }).errors;

    // b. members: over-long, future, impossible, age outside the tariff, another season's tariff
    expect(await errorsOf(step.member("nouveau", { ...member, first_name: long }))).toEqual({
      first_name: "Le prénom ne doit pas dépasser 80 caractères.",
    });
    expect(
      (await errorsOf(step.member("nouveau", { ...member, birth_date: `${start + 3}-01-01` })))
        .birth_date,
    ).toMatch(/dans le futur/);
    expect(
      (await errorsOf(step.member("nouveau", { ...member, birth_date: "2015-02-30" }))).birth_date,
    ).toMatch(/n'existe pas/);
    const tariffs = await db()
      .selectFrom("membership_tariffs")
      .select(["id", "season_id", "practice"])
      .orderBy("id")
      .execute();
    // The teenagers' tariff for an 11-year-old.
    const adults = tariffs.find((t) => t.season_id === season.id && t.practice === "loisir")!;
    expect(
      (await errorsOf(step.member("nouveau", { ...member, tariff: String(adults.id) }))).tariff,
    ).toMatch(/ne correspond pas/);
    const foreign = tariffs.find((t) => t.season_id !== season.id)!;
    expect(
      (await errorsOf(step.member("nouveau", { ...member, tariff: String(foreign.id) }))).tariff,
    ).toBe("Ce tarif n'existe pas pour cette saison : choisissez-en un dans la liste.");
    expect(
      (await errorsOf(step.member("nouveau", { ...member, tariff: "1 OR 1=1" }))).tariff,
    ).toMatch(/n'existe pas/);
    expect(
      (await errorsOf(step.member("nouveau", { ...member, practice: "cardio" }))).practice,
    ).toMatch(/Aucun tarif/);
    expect((await errorsOf(step.member("nouveau", { ...member, sex: "X" }))).sex).toMatch(/sexe/);
    // The same child typed twice (Back, then typed again): refused; his own card still saves.
    expect((await step.member("nouveau", member)).status).toBe(302);
    const twice = await step.member("nouveau", {
      ...member,
      first_name: " leo ",
      last_name: "MARTIN",
    });
    expect(twice.status).toBe(409);
    expect((twice.data as { errors: Record<string, string> }).errors.first_name).toBe(
      "Léo Martin, né le même jour, est déjà dans ce dossier : modifiez sa fiche plutôt que de l'ajouter une deuxième fois.",
    );
    expect((await step.member("m1", { ...member, practice: "educative" })).status).toBe(302);
    expect((await step.members({ intent: "remove", key: "m1" })).status).toBe(302);
    // A tampered member key: not in this file.
    expect((await step.member("m9", member)).status).toBe(404);
    expect((await step.members({ intent: "remove", key: "m9" })).data).toEqual({
      error: "Ce membre n'est pas dans ce dossier.",
    });
    const draftOf = async () =>
      readDraft(
        (
          await db()
            .selectFrom("membership_files")
            .select("draft")
            .orderBy("id", "desc")
            .executeTakeFirstOrThrow()
        ).draft,
      );
    expect((await draftOf()).members).toEqual([]);
    expect((await step.members()).data).toEqual({ error: "Ajoutez au moins un membre." });
    expect((await step.member("nouveau", member)).status).toBe(302);

    // c. guardians
    const guardianErrors = await step.guardians({ ...GUARDIAN, g1_email: "x", g1_relation: "" });
    expect(guardianErrors.status).toBe(400);
    expect((guardianErrors.data as { errors: Record<string, string> }).errors).toMatchObject({
      g1_email: expect.stringContaining("n'est pas valide"),
      g1_relation: expect.stringContaining("Indiquez le lien"),
    });
    expect((await draftOf()).guardians).toEqual([]);

    // d. consents: the required ones, the medical promise, the Pass'Sport code's format
    const consentAnswer = await step.consents({
      "m1.droit_image": "on",
      "m1.pass_sport": "<script>",
    });
    expect(consentAnswer.status).toBe(400);
    expect((consentAnswer.data as { errors: Record<string, string> }).errors).toEqual({
      "m1.reglement": "Cette autorisation est nécessaire pour l'inscription.",
      "m1.autorisation_parentale": "Cette autorisation est nécessaire pour l'inscription.",
      "m1.soins_urgence": "Cette autorisation est nécessaire pour l'inscription.",
      "m1.medical": "Cochez cette case : le document médical est à remettre au club.",
      "m1.pass_sport": expect.stringContaining("4 à 20 caractères"),
    });
    expect((await draftOf()).members[0]!.consents).toEqual({});

    // f–g. payment: a card, four cheques, a month outside the season; an incomplete file
    const payErr = async (fields: Record<string, string>) =>
      ((await step.payment(fields)).data as { error: string }).error;
    // Card payment is off on a fresh install: the card is refused, in words.
    expect(await payErr({ choice: "card", method: "cheque" })).toBe(
      "Le paiement par carte n'est pas proposé pour le moment : choisissez de payer au club.",
    );
    expect(await payErr({ choice: "club", method: "bitcoin" })).toBe(
      "Choisissez un moyen de paiement.",
    );
    expect(await payErr({ choice: "club", method: "cheque", cheques: "4" })).toMatch(
      /de 1 à 3 chèques/,
    );
    expect(
      await payErr({ choice: "club", method: "cheque", cheques: "1", month1: "1999-01" }),
    ).toMatch(/mois d'encaissement/);
    expect(await payErr({ choice: "club", method: "cash" })).toMatch(
      /^Le dossier n'est pas complet : Indiquez au moins un responsable/,
    );
    expect(
      await db()
        .selectFrom("registrations")
        .select("id")
        .where("season_id", "=", season.id)
        .execute(),
    ).toEqual([]);

    // A season whose registration has closed: the file is not sent.
    await db()
      .updateTable("membership_seasons")
      .set({ registration_closes_on: "2000-01-01" })
      .where("id", "=", season.id)
      .execute();
    const closedFile = await db()
      .selectFrom("membership_files")
      .select("id")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(await submitFile(closedFile.id, token)).toEqual({ ok: false, reason: "closed" });
    await db()
      .updateTable("membership_seasons")
      .set({ registration_closes_on: season.registration_closes_on })
      .where("id", "=", season.id)
      .execute();

    // Another file's link does not open this one; an unknown link is a 404.
    const other = await startFile({ ...HOUSEHOLD, email: "autre@example.fr" });
    expect((await steps(other.token).member("m1", member)).status).toBe(404);
    expect((await steps("x".repeat(43)).members()).status).toBe(404);
  });
});
