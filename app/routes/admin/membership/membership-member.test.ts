/*
 * A member's page: every reading journaled, the medical check and the licence recorded,
 * bad input refused in French with nothing stored.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { databaseSnapshot } from "../../../../tests/admin-routes";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { createMartinFile } from "../../../../tests/membership-files";
import { action, loader } from "./membership-member";

let cookie: string;

beforeAll(async () => {
  ({ cookie } = await signIn(
    await createUser("tresorier-fiche", "mot-de-passe", { roles: ["tresorier"] }),
  ));
});

const read = (id: number) =>
  callRoute(
    loader,
    getRequest(`/admin/adhesions/adherents/${id}`, { cookie }),
    {},
    { registrationId: String(id) },
  );
const post = (id: number, fields: Record<string, string>) =>
  callRoute(
    action,
    postRequest(`/admin/adhesions/adherents/${id}`, fields, { cookie }),
    {},
    { registrationId: String(id) },
  );

const views = async (id: number) =>
  await getDb()
    .selectFrom("activity_log")
    .select(["username", "item_label"])
    .where("action", "=", "member.viewed")
    .where("item_type", "=", "member")
    .where("item_id", "=", String(id))
    .orderBy("id")
    .execute();

describe("a member's page", () => {
  it("journals every reading, and shows consents with their versions and the guardians of a minor", async () => {
    const { registrations } = await createMartinFile();
    const lea = registrations[0]!;
    const first = await read(lea.id);
    expect(first.status).toBe(200);
    await read(lea.id);
    expect(await views(lea.id)).toEqual([
      { username: "tresorier-fiche", item_label: "Léa Martin" },
      { username: "tresorier-fiche", item_label: "Léa Martin" },
    ]);
    const data = first.data as {
      minor: boolean;
      guardians: { firstName: string }[];
      consents: { kind: string; version: string }[];
    };
    expect(data.minor).toBe(true);
    expect(data.guardians[0]!.firstName).toBe("Claire");
    expect(data.consents.map((c) => c.kind)).toContain("autorisation_parentale");
    expect(data.consents[0]!.version).toMatch(/^[0-9a-f]{12}$/);
    expect((await read(999999)).status).toBe(404);
  });

  it("records the certificate's date, seen today by whom; the questionnaire only where the tariff allows it", async () => {
    const { registrations } = await createMartinFile();
    const [lea, hugo] = registrations;
    const before = await databaseSnapshot();
    const future = await post(lea!.id, {
      intent: "medical",
      form: "m",
      kind: "certificate",
      certificateDate: "2999-01-01",
    });
    expect((future.data as { error: string }).error).toBe(
      "La date du certificat ne peut pas être dans le futur.",
    );
    const bad = await post(lea!.id, {
      intent: "medical",
      form: "m",
      kind: "certificate",
      certificateDate: "31/02/2026",
    });
    expect((bad.data as { error: string }).error).toMatch(/Indiquez la date du certificat/);
    const refused = await post(hugo!.id, { intent: "medical", form: "m", kind: "questionnaire" });
    expect((refused.data as { error: string }).error).toMatch(/certificat médical/);
    expect(await databaseSnapshot()).toEqual(before);

    expect(
      (await post(lea!.id, { intent: "medical", form: "m", kind: "questionnaire" })).status,
    ).toBe(200);
    expect(
      (
        await post(hugo!.id, {
          intent: "medical",
          form: "m",
          kind: "certificate",
          certificateDate: "2025-08-20",
        })
      ).status,
    ).toBe(200);
    const rows = await getDb()
      .selectFrom("registrations")
      .select(["id", "medical_kind", "certificate_date", "medical_seen_by"])
      .where("id", "in", [lea!.id, hugo!.id])
      .orderBy("id")
      .execute();
    expect(
      rows.map(({ medical_kind, certificate_date, medical_seen_by }) => [
        medical_kind,
        certificate_date,
        medical_seen_by,
      ]),
    ).toEqual([
      ["questionnaire", null, "tresorier-fiche"],
      ["certificate", "2025-08-20", "tresorier-fiche"],
    ]);
  });

  it("records the licence number and when it was taken on the federation's site", async () => {
    const { registrations } = await createMartinFile();
    const hugo = registrations[1]!;
    const bad = await post(hugo.id, {
      intent: "licence",
      form: "l",
      licenceNumber: "=HYPERLINK()",
      taken: "1",
    });
    expect((bad.data as { error: string }).error).toMatch(/lettres, chiffres et tirets/);
    expect(
      (
        await post(hugo.id, {
          intent: "licence",
          form: "l",
          licenceNumber: "FFB-123456",
          taken: "1",
        })
      ).status,
    ).toBe(200);
    const row = await getDb()
      .selectFrom("registrations as r")
      .innerJoin("members as m", "m.id", "r.member_id")
      .select(["m.licence_number", "r.licence_taken_at"])
      .where("r.id", "=", hugo.id)
      .executeTakeFirstOrThrow();
    expect(row.licence_number).toBe("FFB-123456");
    expect(row.licence_taken_at).not.toBeNull();
    await post(hugo.id, { intent: "licence", form: "l", licenceNumber: "FFB-123456" });
    const cleared = await getDb()
      .selectFrom("registrations")
      .select("licence_taken_at")
      .where("id", "=", hugo.id)
      .executeTakeFirstOrThrow();
    expect(cleared.licence_taken_at).toBeNull();
  });
});
