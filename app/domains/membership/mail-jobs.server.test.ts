import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { parseJson } from "~/core/json";
import { createFile, createSeason, resetMembershipData } from "../../../tests/membership-tail";
import { pdfPlainText } from "../../../tests/pdf-text";
import { runMembershipMails } from "./mail-jobs.server";
import { consumeMembershipToken, findMembershipToken } from "./tokens.server";

/* The clock of these tests: 27 November 2026, 11:00 in Paris. */
const NOW = new Date("2026-11-27T10:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

/** A season of 2026-2027 whose start is recent (no certificate reminder yet) unless told. */
function season(values: Parameters<typeof createSeason>[0] = {}) {
  return createSeason({
    starts_on: "2026-11-20",
    ends_on: "2027-06-30",
    registration_opens_on: "2026-06-01",
    registration_closes_on: "2027-05-31",
    renewal_opens_on: null,
    grace_until: "2027-10-31",
    ...values,
  });
}

async function outbox() {
  const rows = await getDb()
    .selectFrom("mail_outbox")
    .select(["to_address", "subject", "body_text", "attachments"])
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    to: row.to_address,
    subject: row.subject,
    text: row.body_text,
    attachments: parseJson<{ filename: string; contentBase64: string }[]>(row.attachments, []),
  }));
}

/** Run, « restart » (a new run on the same database), then two runs at once. */
async function runFourTimes(now = NOW) {
  await runMembershipMails({ now });
  await runMembershipMails({ now: new Date(now.getTime() + 60_000) });
  await Promise.all([runMembershipMails({ now }), runMembershipMails({ now })]);
}

beforeEach(resetMembershipData);

describe("the membership's mails", () => {
  it("mails a paid file's attestations once, each paid member's PDF attached", async () => {
    const fixture = await season();
    await createFile(fixture, {
      email: "famille.martin@example.org",
      paid: true,
      members: [
        { firstName: "Hugo", lastName: "Martin" },
        { firstName: "Zoé", lastName: "Martin" },
      ],
    });
    await createFile(fixture, { pending: true });
    await runFourTimes();
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toBe("famille.martin@example.org");
    expect(mail?.subject).toContain("attestations de paiement");
    expect(mail?.attachments.map((file) => file.filename)).toHaveLength(2);
    const texts = mail!.attachments.map((file) =>
      pdfPlainText(Buffer.from(file.contentBase64, "base64")),
    );
    expect(texts[0]).toContain("Hugo Martin");
    expect(texts[1]).toContain("Zoé Martin");
  });

  it("reminds a payment still pending 7 days after the file was sent, once", async () => {
    const fixture = await season();
    const late = await createFile(fixture, { pending: true, submittedAt: daysAgo(8) });
    await createFile(fixture, { pending: true, submittedAt: daysAgo(6) });
    await createFile(fixture, {
      paid: true,
      submittedAt: daysAgo(9),
      members: [{ status: "waiting" }],
    });
    await runFourTimes();
    const mails = (await outbox()).filter((mail) =>
      mail.subject.includes("paiement de votre adhésion"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(late.file.reference!);
    // Its link opens the file.
    const token = /\/adhesion\/dossier\/([\w-]{43})/.exec(mails[0]!.text)?.[1] ?? "";
    expect((await findMembershipToken({ token, purpose: "draft", now: NOW }))?.fileId).toBe(
      late.file.id,
    );
  });

  it("reminds a missing certificate 14 days after the season starts, once per member", async () => {
    const started = await season({ starts_on: "2026-11-12" });
    await createFile(started, {
      createdAt: daysAgo(30),
      members: [
        { firstName: "Nina", lastName: "Roux" },
        { firstName: "Sam", lastName: "Roux", certificateSeen: true },
        { firstName: "Lou", lastName: "Roux", medicalKind: "questionnaire", tariff: 0 },
      ],
    });
    const recent = await season({ starts_on: "2026-11-14" });
    await createFile(recent);
    await runFourTimes();
    const mails = (await outbox()).filter((mail) => mail.subject.includes("document médical"));
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      expect.stringContaining("Lou Roux"),
      expect.stringContaining("Nina Roux"),
    ]);
    expect(mails.find((mail) => mail.subject.includes("Lou"))?.text).toContain(
      "questionnaire de santé",
    );
    expect(mails[0]!.text).toContain("La saison a commencé il y a deux semaines et le club");
  });

  it("reminds a certificate two weeks after a file sent once the season has begun, in true words", async () => {
    const started = await season({ starts_on: "2026-09-01" });
    await createFile(started, {
      createdAt: new Date(NOW.getTime() - 13 * 60_000).toISOString(),
      members: [{ firstName: "Ana", lastName: "Lopez" }],
    });
    const older = await createFile(started, {
      createdAt: daysAgo(15),
      members: [{ firstName: "Rui", lastName: "Lopez" }],
    });
    await runFourTimes();
    const mails = (await outbox()).filter((mail) => mail.subject.includes("document médical"));
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining("Rui Lopez")]);
    expect(mails[0]!.text).toContain(
      `Votre dossier ${older.file.reference} a été envoyé il y a deux semaines et le club n'a pas encore reçu le certificat médical`,
    );
    expect(mails[0]!.text).not.toContain("La saison a commencé");
    // Two weeks after its own sending, the other file is reminded too.
    await runMembershipMails({ now: new Date(NOW.getTime() + 15 * DAY) });
    expect((await outbox()).filter((mail) => mail.subject.includes("Ana Lopez"))).toHaveLength(1);
  });

  it("reminds a draft left 3 days with a new resume link, once", async () => {
    const fixture = await season();
    const stale = await getDb()
      .insertInto("membership_files")
      .values({
        season_id: fixture.season.id,
        status: "draft",
        draft: JSON.stringify({ household: { email: "hesitant@example.org" } }),
        created_at: daysAgo(5),
        updated_at: daysAgo(4),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await getDb()
      .insertInto("membership_files")
      .values({
        season_id: fixture.season.id,
        status: "draft",
        draft: JSON.stringify({ household: { email: "recent@example.org" } }),
        created_at: daysAgo(2),
        updated_at: daysAgo(2),
      })
      .execute();
    await runFourTimes();
    const mails = await outbox();
    expect(mails.map((mail) => mail.to)).toEqual(["hesitant@example.org"]);
    const token = /\/adhesion\/dossier\/([\w-]{43})/.exec(mails[0]!.text)?.[1] ?? "";
    expect((await findMembershipToken({ token, purpose: "draft", now: NOW }))?.fileId).toBe(
      stale.id,
    );
  });

  it("invites last season's households to renew once renewal opens, unless they have a file or opted out", async () => {
    const last = await season({
      starts_on: "2025-09-01",
      ends_on: "2026-06-30",
      registration_opens_on: "2025-06-01",
      registration_closes_on: "2026-05-31",
    });
    const next = await season({ starts_on: "2026-12-01", renewal_opens_on: "2026-11-20" });
    const leaving = await createFile(last, {
      email: "fidele@example.org",
      members: [{ firstName: "Yanis" }],
    });
    const renewed = await createFile(last, { email: "deja@example.org" });
    await createFile(next, { householdId: renewed.householdId });
    const optedOut = await createFile(last, { email: "stop@example.org" });
    await getDb()
      .updateTable("households")
      .set({ renewal_optout_at: daysAgo(30) })
      .where("id", "=", optedOut.householdId)
      .execute();
    // Not yet: the day before renewal opens.
    await runMembershipMails({ now: new Date("2026-11-19T10:00:00Z") });
    expect(await outbox()).toEqual([]);
    await runFourTimes();
    const mails = await outbox();
    expect(mails.map((mail) => mail.to)).toEqual(["fidele@example.org"]);
    expect(mails[0]?.text).toContain(next.season.label);
    expect(mails[0]?.text).toContain("Yanis");
    const token = /\/adhesion\/renouveler\/([\w-]{43})/.exec(mails[0]!.text)?.[1] ?? "";
    expect(
      (await consumeMembershipToken({ token, purpose: "renewal", now: NOW }))?.householdId,
    ).toBe(leaving.householdId);
    expect(mails[0]?.text).toMatch(/\/adhesion\/desabonnement\/[\w-]{43}/);
  });

  it("sends nothing when nothing is due", async () => {
    const fixture = await season({ renewal_opens_on: "2026-12-15" });
    await createFile(fixture, { pending: true, submittedAt: daysAgo(2) });
    await createFile(fixture, { members: [{ certificateSeen: true }] });
    const counts = await runMembershipMails({ now: NOW });
    expect(counts).toEqual({
      attestations: 0,
      payments: 0,
      certificates: 0,
      drafts: 0,
      renewals: 0,
    });
    expect(await outbox()).toEqual([]);
  });
});
