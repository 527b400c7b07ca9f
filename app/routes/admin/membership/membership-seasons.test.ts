import { beforeAll, describe, expect, it } from "vitest";
import { SEASON_MESSAGES, TARIFF_MESSAGES } from "~/domains/membership/membership-season-form";
import { getDb } from "~/db/client.server";
import { priceTariff } from "~/domains/membership/season.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { createSeason } from "../../../../tests/membership";
import { addFile } from "../../../../tests/membership-file-rows";
import * as exportRoute from "./membership-export";
import * as figures from "./membership-figures";
import * as edit from "./membership-season";
import * as list from "./membership-seasons";

let treasurer: string;
let coach: string;

beforeAll(async () => {
  ({ cookie: treasurer } = await signIn(
    await createUser("tresoriere", "mot-de-passe", { roles: ["tresorier"] }),
  ));
  ({ cookie: coach } = await signIn(
    await createUser("coach", "mot-de-passe", { roles: ["coach"] }),
  ));
});

type Body = {
  form?: string;
  errors?: Record<string, string>;
  input?: Record<string, string>;
  toast?: { type: string; message: string };
};

const seasonFields = {
  label: "2090-2091",
  starts_on: "2090-09-01",
  ends_on: "2091-06-30",
  registration_opens_on: "2090-06-01",
  registration_closes_on: "2091-05-31",
  renewal_opens_on: "",
  grace_until: "",
  pass_sport: "70",
  house_rules: "Règlement",
};

const tariffFields = {
  label: "Cardio",
  practice: "cardio",
  birth_year_min: "",
  birth_year_max: "2008",
  club: "90",
  licence: "0",
  includes: "",
  places: "10",
  medical_rule: "certificate",
  medical_text: "Un certificat.",
  position: "5",
};

describe("/admin/adhesions/saisons", () => {
  it("creates a season and sends the treasurer to it; a bad one answers French errors with what was typed", async () => {
    const bad = await callRoute(
      list.action,
      postRequest(
        "/admin/adhesions/saisons",
        { ...seasonFields, intent: "create-season", ends_on: "2089-01-01", pass_sport: "7,555" },
        { cookie: treasurer },
      ),
    );
    expect(bad.status).toBe(400);
    const body = bad.data as Body;
    expect(body.errors).toEqual({
      ends_on: SEASON_MESSAGES.seasonOrder,
      pass_sport: SEASON_MESSAGES.amount,
    });
    expect(body.input).toMatchObject({
      label: "2090-2091",
      pass_sport: "7,555",
      ends_on: "2089-01-01",
    });

    const made = await callRoute(
      list.action,
      postRequest(
        "/admin/adhesions/saisons",
        { ...seasonFields, intent: "create-season" },
        { cookie: treasurer },
      ),
    );
    expect(made.status).toBe(302);
    expect(made.headers.get("Location")).toMatch(/^\/admin\/adhesions\/saisons\/\d+\?nouvelle=1$/);

    const again = await callRoute(
      list.action,
      postRequest(
        "/admin/adhesions/saisons",
        { ...seasonFields, intent: "create-season" },
        { cookie: treasurer },
      ),
    );
    expect((again.data as Body).errors).toEqual({ label: SEASON_MESSAGES.labelTaken });

    const page = await callRoute(
      list.loader,
      getRequest("/admin/adhesions/saisons", { cookie: treasurer }),
    );
    const data = page.data as { seasons: { label: string }[]; defaults: { label: string } };
    expect(data.seasons[0]!.label).toBe("2090-2091");
    expect(data.defaults.label).toBe("2091-2092");
  });

  it("refuses a coach on every loader and action of the seasons, figures and exports", async () => {
    const { season } = await createSeason();
    const before = await getDb().selectFrom("membership_tariffs").select("id").execute();
    const params = { id: String(season.id) };
    const answers = [
      await callRoute(list.loader, getRequest("/admin/adhesions/saisons", { cookie: coach })),
      await callRoute(
        list.action,
        postRequest(
          "/admin/adhesions/saisons",
          { ...seasonFields, label: "x", intent: "create-season" },
          { cookie: coach },
        ),
      ),
      await callRoute(
        edit.loader,
        getRequest(`/admin/adhesions/saisons/${season.id}`, { cookie: coach }),
        {},
        params,
      ),
      await callRoute(
        edit.action,
        postRequest(
          `/admin/adhesions/saisons/${season.id}`,
          { ...tariffFields, intent: "create-tariff" },
          { cookie: coach },
        ),
        {},
        params,
      ),
      await callRoute(figures.loader, getRequest("/admin/adhesions/bilan", { cookie: coach })),
      await callRoute(
        exportRoute.loader,
        getRequest(`/admin/adhesions/export/federation?saison=${season.id}`, { cookie: coach }),
        {},
        { kind: "federation" },
      ),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await getDb().selectFrom("membership_tariffs").select("id").execute()).toEqual(before);
  });
});

describe("/admin/adhesions/saisons/:id", () => {
  it("adds a tariff with places, keeps what was typed on an error, refuses deleting one with registrations", async () => {
    const { season, tariffs } = await createSeason();
    const url = `/admin/adhesions/saisons/${season.id}`;
    const params = { id: String(season.id) };
    const post = (fields: Record<string, string>) =>
      callRoute(edit.action, postRequest(url, fields, { cookie: treasurer }), {}, params);

    const bad = await post({
      ...tariffFields,
      intent: "create-tariff",
      birth_year_min: "2010",
      club: "-4",
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      form: "tariff:new",
      errors: { birth_year_max: TARIFF_MESSAGES.birthYearOrder, club: SEASON_MESSAGES.amount },
      input: { label: "Cardio", birth_year_min: "2010", club: "-4", places: "10" },
    });

    expect((await post({ ...tariffFields, intent: "create-tariff" })).data).toMatchObject({
      toast: { type: "success", message: TARIFF_MESSAGES.created },
    });
    const page = await callRoute(edit.loader, getRequest(url, { cookie: treasurer }), {}, params);
    const loaded = page.data as {
      tariffs: { row: { label: string; places: number | null; active: number } }[];
    };
    expect(loaded.tariffs.map(({ row }) => row.label)).toContain("Cardio");
    expect(loaded.tariffs.find(({ row }) => row.label === "Cardio")!.row).toMatchObject({
      places: 10,
      active: 0,
    });

    await addFile(getDb(), {
      season,
      discounts: [],
      reference: "ROUTE-1",
      household: { email: "a@example.org" },
      members: [
        {
          firstName: "A",
          lastName: "B",
          birthDate: "1990-01-01",
          sex: "F",
          tariff: priceTariff(tariffs[2]!),
        },
      ],
    });
    const refused = await post({ intent: "delete-tariff", id: String(tariffs[2]!.id) });
    expect(refused.status).toBe(409);
    expect((refused.data as Body).errors?.form).toBe(TARIFF_MESSAGES.hasRegistrations(1));

    const missing = await callRoute(
      edit.loader,
      getRequest("/admin/adhesions/saisons/999999", { cookie: treasurer }),
      {},
      { id: "999999" },
    );
    expect(missing.status).toBe(404);
  });
});

describe("/admin/adhesions/export/:kind", () => {
  it("downloads a CSV with its file name; an unknown export is a 404", async () => {
    const { season } = await createSeason({ label: "Export 2026" });
    const answer = await callRoute(
      exportRoute.loader,
      getRequest(`/admin/adhesions/export/insurer?saison=${season.id}`, { cookie: treasurer }),
      {},
      { kind: "insurer" },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Disposition")).toBe(
      'attachment; filename="adhesions-assureur-export-2026.csv"',
    );
    expect(String(answer.data)).toContain("Nom;Prénom;Date de naissance");
    const unknown = await callRoute(
      exportRoute.loader,
      getRequest("/admin/adhesions/export/tout", { cookie: treasurer }),
      {},
      { kind: "tout" },
    );
    expect(unknown.status).toBe(404);
  });
});
