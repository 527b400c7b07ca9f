import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createSeason } from "../../../../tests/membership";
import { allConsents, GUARDIAN, startFile, steps } from "../../../../tests/membership-family";
import { withFakeHelloAsso } from "../../../../tests/helloasso/setup";

/*
 * A family who chooses the card on /adhesion's payment step: its confirmation mail
 * asks the club's documents only, never money to hand over (HelloAsso takes it).
 */

const hello = withFakeHelloAsso();
let start: number;

beforeEach(async () => {
  await getDb().deleteFrom("mail_outbox").execute();
  const { season } = await createSeason();
  start = Number(season.starts_on.slice(0, 4));
});

describe("paying by card", () => {
  it("the confirmation mail lists the health document to hand over, not the member's share", async () => {
    await hello.writeSettings();
    const { token } = await startFile();
    const step = steps(token);
    const answer = await step.member("nouveau", {
      first_name: "Inès",
      last_name: "Martin",
      birth_date: `${start - 11}-03-10`,
      sex: "F",
      practice: "educative",
      tariff: "",
    });
    expect(answer.status).toBe(302);
    expect((await step.members()).status).toBe(302);
    expect((await step.guardians(GUARDIAN)).status).toBe(302);
    expect((await step.consents(allConsents(["m1"]))).status).toBe(302);
    const paid = await step.payment({ choice: "card", instalments: "1" });
    expect(paid.status).toBe(302);

    const mail = await getDb()
      .selectFrom("mail_outbox")
      .select(["subject", "body_text"])
      .where("body_text", "like", "%Votre dossier d'adhésion est bien envoyé%")
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain("Ce qui manque encore, à remettre au club :");
    expect(mail.body_text).toMatch(/- Inès Martin : [^\n]*questionnaire de santé\n/);
    expect(mail.body_text).not.toContain("sa part du paiement");
    expect(mail.body_text).toContain("(par carte bancaire, en ligne sur HelloAsso)");
  });
});
