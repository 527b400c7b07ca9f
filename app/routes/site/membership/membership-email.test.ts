import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { openFile } from "~/domains/membership/file-draft.server";
import { createSeason } from "../../../../tests/membership";
import { HOUSEHOLD, post, startFile } from "../../../../tests/membership-family";
import { action as householdAction, loader as householdLoader } from "./membership";
import { action as householdEditAction } from "./membership-household";
import { callRoute } from "../../../../tests/auth";

/*
 * The household's e-mail on /adhesion: a mistyped domain is asked about, never refused;
 * a corrected address gets its own link to resume the file.
 */

const files = async () =>
  (await getDb().selectFrom("membership_files").select("id").execute()).length;
const mailsTo = (email: string) =>
  getDb()
    .selectFrom("mail_outbox")
    .select("body_text")
    .where("to_address", "=", email)
    .orderBy("id")
    .execute();

beforeEach(async () => {
  await createSeason();
});

describe("the household's e-mail", () => {
  it("asks « vouliez-vous dire » for a mistyped domain, and keeps the address sent again unchanged", async () => {
    const before = await files();
    const asked = await startFile({ ...HOUSEHOLD, email: "Lea.Roux@gmial.com" });
    expect(asked.answer.status).toBe(400);
    expect(asked.answer.data).toMatchObject({
      values: { email: "Lea.Roux@gmial.com", email_kept: "lea.roux@gmial.com", city: "Meyzieu" },
      errors: {
        email:
          "Vouliez-vous dire lea.roux@gmail.com ? Corrigez l'adresse, ou envoyez de nouveau pour garder lea.roux@gmial.com.",
      },
    });
    expect(await files()).toBe(before);
    expect(
      (await startFile({ ...HOUSEHOLD, email: "lea.roux@gmail.con" })).answer.data,
    ).toMatchObject({ errors: { email: expect.stringContaining("lea.roux@gmail.com ?") } });

    const kept = await startFile({
      ...HOUSEHOLD,
      email: "lea.roux@gmial.com",
      email_kept: "lea.roux@gmial.com",
    });
    expect(kept.answer.status).toBe(302);
    expect(await files()).toBe(before + 1);
    expect(await mailsTo("lea.roux@gmial.com")).toHaveLength(1);
  });

  it("mails a link to resume the file to the corrected address", async () => {
    const { token } = await startFile({
      ...HOUSEHOLD,
      email: "tom@gmial.com",
      email_kept: "tom@gmial.com",
    });
    const corrected = await post(
      householdEditAction,
      `/adhesion/dossier/${token}/coordonnees`,
      { ...HOUSEHOLD, email: "tom@gmail.com" },
      { token },
    );
    expect(corrected.status).toBe(302);
    const mails = await mailsTo("tom@gmail.com");
    expect(mails).toHaveLength(1);
    const link = /\/adhesion\/dossier\/([\w-]{43})/.exec(mails[0]!.body_text)?.[1] ?? "";
    const opened = await openFile(link);
    expect(opened?.draft.household.email).toBe("tom@gmail.com");
    expect(opened?.file.id).toBe((await openFile(token))?.file.id);
    // Saved again with the same address: no new mail.
    await post(
      householdEditAction,
      `/adhesion/dossier/${token}/coordonnees`,
      { ...HOUSEHOLD, email: "tom@gmail.com" },
      { token },
    );
    expect(await mailsTo("tom@gmail.com")).toHaveLength(1);
  });

  it("a new start with the address of a file begun mails that file's link, and shows nothing of it", async () => {
    const { token } = await startFile({ ...HOUSEHOLD, email: "nina@example.fr" });
    const before = await files();
    const again = await post(
      householdAction,
      "/adhesion",
      { ...HOUSEHOLD, email: "Nina@Example.fr" },
      {},
    );
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/adhesion?commencee=1");
    expect(await files()).toBe(before);
    const mails = await mailsTo("nina@example.fr");
    expect(mails).toHaveLength(2);
    const link = /\/adhesion\/dossier\/([\w-]{43})/.exec(mails[1]!.body_text)?.[1] ?? "";
    expect((await openFile(link))?.file.id).toBe((await openFile(token))?.file.id);
    const page = await callRoute(
      householdLoader,
      new Request("http://localhost/adhesion?commencee=1"),
    );
    expect(page.data).toMatchObject({ begun: true });
    expect(JSON.stringify(page.data)).not.toContain("nina");
  });
});
