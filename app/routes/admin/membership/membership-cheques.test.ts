/* « Chèques à déposer » through its route: the deposit, its slip, refusals with nothing stored. */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { databaseSnapshot } from "../../../../tests/admin-routes";
import { callRoute, createUser, getRequest, signIn } from "../../../../tests/auth";
import { createSeason } from "../../../../tests/membership";
import { createSubmittedFile } from "../../../../tests/membership-files";
import { loader as csvLoader } from "./membership-cheques-csv";
import { action, loader } from "./membership-cheques";

let cookie: string;

beforeAll(async () => {
  ({ cookie } = await signIn(
    await createUser("tresorier-cheques", "mot-de-passe", { roles: ["tresorier"] }),
  ));
});

describe("cheques to deposit", () => {
  it("marks the ticked cheques deposited as one slip, shown and exported; refuses an unknown or already deposited cheque", async () => {
    const { season, tariffs } = await createSeason();
    const start = Number(season.starts_on.slice(0, 4));
    const { payments } = await createSubmittedFile({
      season,
      members: [
        {
          firstName: "Paul",
          lastName: "Durand",
          birthDate: `${start - 30}-02-02`,
          tariff: tariffs[2]!,
        },
      ],
      payment: { method: "cheque", months: [`${start}-09`, `${start}-10`] },
    });
    await getDb()
      .updateTable("membership_payments")
      .set({ status: "received", cheque_number: "5551", bank: "La Poste" })
      .where(
        "id",
        "in",
        payments.map((p) => p.id),
      )
      .execute();
    const post = (ids: string[]) => {
      const body = new URLSearchParams([["intent", "deposit"], ...ids.map((id) => ["ids", id])]);
      return callRoute(
        action,
        new Request("http://club.test/admin/adhesions/cheques", {
          method: "POST",
          body,
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        }),
      );
    };
    const listed = async (query: string) =>
      (await callRoute(loader, getRequest(`/admin/adhesions/cheques${query}`, { cookie })))
        .data as { month: string | null; cheques: { rows: { id: number; dueMonth: string }[] } };
    const october = await listed(`?mois=${start}-10`);
    expect(october.month).toBe(`${start}-10`);
    expect(october.cheques.rows.map((c) => c.id)).toContain(payments[1]!.id);
    expect(october.cheques.rows.every((c) => c.dueMonth === `${start}-10`)).toBe(true);
    // A month with no cheque to deposit, or not a month, shows them all.
    expect((await listed("?mois=1999-01")).month).toBeNull();
    expect((await listed("?mois=%27%3B")).month).toBeNull();

    const before = await databaseSnapshot();
    for (const ids of [[], ["abc"], [String(payments[0]!.id), "999999"]]) {
      const answer = await post(ids);
      expect(answer.status).toBe(400);
      expect((answer.data as { error: string }).error).toMatch(/chèque/);
    }
    expect(await databaseSnapshot()).toEqual(before);

    const done = await post(payments.map((p) => String(p.id)));
    expect(done.status).toBe(302);
    const location = done.headers.get("Location")!;
    expect(location).toMatch(/^\/admin\/adhesions\/cheques\?remise=/);
    const page = await callRoute(loader, getRequest(location.replace(/#.*/, ""), { cookie }));
    const data = page.data as { slip: { cheques: { id: number }[] } };
    expect(data.slip.cheques.map((c) => c.id)).toEqual(payments.map((p) => p.id));
    const stamp = new URL(`http://x${location}`).searchParams.get("remise")!;
    const csv = await callRoute(
      csvLoader,
      getRequest(`/admin/adhesions/cheques/bordereau.csv?remise=${encodeURIComponent(stamp)}`, {
        cookie,
      }),
    );
    expect(csv.data).toContain("Total;2 chèques;;;;220");
    expect((await post([String(payments[0]!.id)])).status).toBe(400);
  });
});
