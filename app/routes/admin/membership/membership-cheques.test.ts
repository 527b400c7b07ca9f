/*
 * « Chèques à déposer » through its route: the deposit, its slip, refusals with nothing
 * stored; the list on the current month, cheques of a later month asked for, a repeated
 * post answered as the first, a slip undone.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { databaseSnapshot } from "../../../../tests/admin-routes";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { monthLabel } from "~/domains/membership/membership-form";
import { createSeason } from "../../../../tests/membership";
import { createSubmittedFile } from "../../../../tests/membership-files";
import { monthAfter } from "../../../../tests/months";
import { currentMonth } from "~/domains/membership/cheques.server";
import { loader as csvLoader } from "./membership-cheques-csv";
import { newDeskKey } from "~/domains/membership/desk-once.server";
import { action, loader } from "./membership-cheques";

let cookie: string;

beforeAll(async () => {
  ({ cookie } = await signIn(
    await createUser("tresorier-cheques", "mot-de-passe", { roles: ["tresorier"] }),
  ));
});

describe("cheques to deposit", () => {
  it("marks the ticked cheques deposited as one slip, shown and exported; refuses an unknown or already deposited cheque", async () => {
    const now = currentMonth();
    const payments = await receivedCheques([monthAfter(now, -1), now]);
    const earlier = await listed(`?mois=${monthAfter(now, -1)}`);
    expect(earlier.month).toBe(monthAfter(now, -1));
    expect(earlier.cheques.rows.map((c) => c.id)).toContain(payments[0]!.id);
    expect(earlier.cheques.rows.every((c) => c.dueMonth === monthAfter(now, -1))).toBe(true);
    // The list opens on the current month, as does a parameter that is not a month;
    // « tous » shows them all.
    for (const query of ["", "?mois=%27%3B"]) {
      const opened = await listed(query);
      expect(opened.month).toBe(now);
      expect(opened.cheques.rows.map((c) => c.id)).toContain(payments[1]!.id);
      expect(opened.cheques.rows.map((c) => c.id)).not.toContain(payments[0]!.id);
    }
    const all = await listed("?mois=tous");
    expect(all.month).toBeNull();
    expect(all.cheques.rows.map((c) => c.dueMonth)).toContain(monthAfter(now, -1));

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

  it("asks before depositing cheques promised for a later month, naming the months; a repeat answers as the first", async () => {
    const now = currentMonth();
    const later = [monthAfter(now, 2), monthAfter(now, 3)];
    const payments = await receivedCheques([now, ...later]);
    const ids = payments.map((p) => String(p.id));
    const key = newDeskKey();
    const before = await databaseSnapshot();
    const asked = await post(ids, { deskKey: key });
    expect(asked.status).toBe(400);
    const body = asked.data as { error: string; confirm: string; ids: number[]; form: string };
    expect(body.error).toBe(
      `Des chèques cochés sont promis pour plus tard : ${monthLabel(later[0]!)} (1 chèque), ${monthLabel(later[1]!)} (1 chèque). ` +
        "La famille compte qu'ils ne soient pas encaissés avant. Pour les remettre en banque dès maintenant, choisissez « Déposer aussi les chèques promis pour plus tard ».",
    );
    expect(body).toMatchObject({ confirm: "confirmLater", form: "deposit" });
    expect(body.ids).toEqual(payments.map((p) => p.id));
    expect(await databaseSnapshot()).toEqual(before);

    // The same form confirmed (same key): deposited; sent again: the same slip, no new one.
    const done = await post(ids, { deskKey: key, confirmLater: "1" });
    expect(done.status).toBe(302);
    const again = await post(ids, { deskKey: key, confirmLater: "1" });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(done.headers.get("Location"));
    const statuses = await getDb()
      .selectFrom("membership_payments")
      .select("status")
      .where(
        "id",
        "in",
        payments.map((p) => p.id),
      )
      .execute();
    expect(statuses.map((p) => p.status)).toEqual(["deposited", "deposited", "deposited"]);
  });

  it("undoes a deposit slip: its cheques to deposit again, journaled; refused once a cheque was rejected", async () => {
    const payments = await receivedCheques([monthAfter(currentMonth(), -1), currentMonth()]);
    const done = await post(payments.map((p) => String(p.id)));
    const stamp = new URL(`http://x${done.headers.get("Location")!}`).searchParams.get("remise")!;
    const undo = (deskKey = newDeskKey()) =>
      callRoute(
        action,
        postRequest(
          "/admin/adhesions/cheques",
          { intent: "undo-deposit", form: "undo-deposit", remise: stamp, deskKey },
          { cookie },
        ),
      );
    const key = newDeskKey();
    const first = await undo(key);
    expect(first.status).toBe(200);
    expect((first.data as { toast: { message: string } }).toast.message).toBe(
      "Remise annulée : 2 chèques de nouveau à déposer.",
    );
    expect((await undo(key)).data).toEqual(first.data);
    expect((await undo()).status).toBe(400);
    const rows = await getDb()
      .selectFrom("membership_payments")
      .select(["status", "deposited_at"])
      .where(
        "id",
        "in",
        payments.map((p) => p.id),
      )
      .execute();
    expect(rows).toEqual([
      { status: "received", deposited_at: null },
      { status: "received", deposited_at: null },
    ]);
    const journal = await getDb()
      .selectFrom("activity_log")
      .select("item_label")
      .where("item_label", "like", "Remise du %")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(journal.item_label).toMatch(
      /^Remise du \d\d\/\d\d\/\d{4} annulée : 2 chèques à déposer de nouveau$/,
    );

    // Deposited again, one of them rejected by the bank: the slip did reach it.
    const again = await post(payments.map((p) => String(p.id)));
    const stamp2 = new URL(`http://x${again.headers.get("Location")!}`).searchParams.get("remise")!;
    await getDb()
      .updateTable("membership_payments")
      .set({ status: "rejected" })
      .where("id", "=", payments[0]!.id)
      .execute();
    const slip = await callRoute(
      loader,
      getRequest(`/admin/adhesions/cheques?remise=${encodeURIComponent(stamp2)}`, { cookie }),
    );
    const cheques = (slip.data as { slip: { cheques: { status: string }[] } }).slip.cheques;
    expect(cheques.map((c) => c.status)).toEqual(["rejected", "deposited"]);
    const refused = await callRoute(
      action,
      postRequest(
        "/admin/adhesions/cheques",
        { intent: "undo-deposit", form: "undo-deposit", remise: stamp2, deskKey: newDeskKey() },
        { cookie },
      ),
    );
    expect((refused.data as { error: string }).error).toMatch(/a été rejeté par la banque/);
  });
});

/** A file's cheques, received at the desk, one per month given. */
async function receivedCheques(months: string[]) {
  const { season, tariffs } = await createSeason();
  const start = Number(season.starts_on.slice(0, 4));
  const { payments } = await createSubmittedFile({
    season,
    members: [
      {
        firstName: "Rémi",
        lastName: "Dépôt",
        birthDate: `${start - 30}-02-02`,
        tariff: tariffs[2]!,
      },
    ],
    payment: { method: "cheque", months },
  });
  await getDb()
    .updateTable("membership_payments")
    .set((eb) => ({ status: "received", cheque_number: eb.cast(eb.ref("id"), "text") }))
    .where(
      "id",
      "in",
      payments.map((p) => p.id),
    )
    .execute();
  return payments;
}

function post(ids: string[], extra: Record<string, string> = {}) {
  const body = new URLSearchParams([
    ["intent", "deposit"],
    ["deskKey", newDeskKey()],
    ...ids.map((id) => ["ids", id]),
    ...Object.entries(extra),
  ]);
  if (extra.deskKey) body.set("deskKey", extra.deskKey);
  return callRoute(
    action,
    new Request("http://club.test/admin/adhesions/cheques", {
      method: "POST",
      body,
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    }),
  );
}

async function listed(query: string) {
  return (await callRoute(loader, getRequest(`/admin/adhesions/cheques${query}`, { cookie })))
    .data as { month: string | null; cheques: { rows: { id: number; dueMonth: string }[] } };
}
