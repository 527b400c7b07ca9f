/*
 * « Réception du dossier » through its route (real requests, a treasurer's session): the
 * three cheques of a two-children file, shares, and every refusal in French with nothing
 * stored.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { createSeason } from "../../../../tests/membership";
import { createMartinFile, createSubmittedFile } from "../../../../tests/membership-files";
import { databaseSnapshot } from "../../../../tests/admin-routes";
import { newDeskKey } from "~/domains/membership/desk-once.server";
import { action, loader } from "./membership-file";

let cookie: string;
let coach: string;

beforeAll(async () => {
  ({ cookie } = await signIn(
    await createUser("tresoriere", "mot-de-passe", { roles: ["tresorier"] }),
  ));
  ({ cookie: coach } = await signIn(
    await createUser("coach-desk", "mot-de-passe", { roles: ["coach"] }),
  ));
});

// Each post comes from a page of its own (a fresh one-time key) unless the test gives one.
const post = (fileId: number, fields: Record<string, string>, as = cookie) =>
  callRoute(
    action,
    postRequest(
      `/admin/adhesions/dossiers/${fileId}`,
      { deskKey: newDeskKey(), ...fields },
      { cookie: as },
    ),
    {},
    {
      id: String(fileId),
    },
  );

type Body = { toast?: { type: string; message: string }; error?: string };
const body = (answer: { data: unknown }) => answer.data as Body;

async function journal(action: string) {
  return getDb()
    .selectFrom("activity_log")
    .select(["action", "item_type", "item_id", "username"])
    .where("action", "=", action)
    .orderBy("id")
    .execute();
}

describe("membership desk", () => {
  it("receives the three cheques: the file is paid, each member's share kept, each act journaled", async () => {
    const { file, payments, registrations } = await createMartinFile();
    const before = (await journal("payment.received")).length;
    for (const [i, payment] of payments.entries()) {
      const answer = await post(file.id, {
        intent: "receive",
        form: `receive-${payment.id}`,
        paymentId: String(payment.id),
        method: "cheque",
        amount: String(payment.amount_cents / 100),
        chequeNumber: `000${i + 1}`,
        bank: "Crédit Mutuel",
        dueMonth: payment.due_month!,
      });
      expect(answer.status, body(answer).error).toBe(200);
    }
    const stored = await getDb()
      .selectFrom("membership_files")
      .select("paid_at")
      .where("id", "=", file.id)
      .executeTakeFirstOrThrow();
    expect(stored.paid_at).not.toBeNull();
    expect((await journal("payment.received")).length).toBe(before + 3);
    const desk = await callRoute(
      loader,
      getRequest(`/admin/adhesions/dossiers/${file.id}`, { cookie }),
      {},
      { id: String(file.id) },
    );
    const data = desk.data as { members: { id: number; owedCents: number; paidCents: number }[] };
    expect(data.members.map((m) => [m.id, m.paidCents])).toEqual(
      registrations.map((r, i) => [r.id, [8000, 15000][i]]),
    );
  });

  it("takes the treasurer's own split when the shares add up, refuses it otherwise", async () => {
    const { file, registrations } = await createMartinFile();
    const [lea, hugo] = registrations;
    const fields = {
      intent: "receive",
      form: "receive-new",
      method: "cash",
      amount: "100",
      [`share-${lea!.id}`]: "30",
      [`share-${hugo!.id}`]: "60",
    };
    const before = await databaseSnapshot();
    const refused = await post(file.id, fields);
    expect(refused.status).toBe(400);
    expect(body(refused).error).toMatch(/Les parts des adhérents doivent faire le montant/);
    expect(await databaseSnapshot()).toEqual(before);

    const taken = await post(file.id, { ...fields, [`share-${hugo!.id}`]: "70" });
    expect(taken.status).toBe(200);
    const shares = await getDb()
      .selectFrom("membership_allocations as a")
      .innerJoin("membership_payments as p", "p.id", "a.payment_id")
      .select(["a.registration_id", "a.amount_cents"])
      .where("p.file_id", "=", file.id)
      .where("p.status", "=", "received")
      .orderBy("a.registration_id")
      .execute();
    expect(shares.map((s) => s.amount_cents)).toEqual([3000, 7000]);
  });

  it("refuses a negative amount, a month that is not one, a payment of another file: French error, nothing stored", async () => {
    const { file, payments } = await createMartinFile();
    const other = await createMartinFile();
    const cheque = {
      intent: "receive",
      form: "f",
      paymentId: String(payments[0]!.id),
      method: "cheque",
      amount: "78",
      chequeNumber: "1234",
      bank: "La Poste",
      dueMonth: payments[0]!.due_month!,
    };
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...cheque, amount: "-78" }, /Le montant doit être un nombre positif/],
      [{ ...cheque, amount: "" }, /Le montant doit être un nombre positif/],
      [{ ...cheque, dueMonth: "2026-13" }, /Le mois d'encaissement doit être un mois/],
      [{ ...cheque, dueMonth: "octobre" }, /Le mois d'encaissement doit être un mois/],
      [{ ...cheque, chequeNumber: "" }, /numéro du chèque/],
      [{ ...cheque, paymentId: String(other.payments[0]!.id) }, /n'appartient pas à ce dossier/],
      [
        { intent: "cancel-payment", form: "f", paymentId: String(other.payments[0]!.id) },
        /n'appartient pas à ce dossier/,
      ],
      [
        {
          intent: "discount",
          form: "f",
          registrationId: String(other.registrations[0]!.id),
          discount: "10",
          reason: "x",
        },
        /n'appartient pas à ce dossier/,
      ],
      [
        {
          intent: "discount",
          form: "f",
          registrationId: String(other.registrations[0]!.id),
          discount: "-10",
          reason: "x",
        },
        /n'appartient pas à ce dossier/,
      ],
      [
        {
          intent: "pass-sport",
          form: "f",
          registrationId: String(other.registrations[0]!.id),
          checked: "1",
        },
        /n'appartient pas à ce dossier/,
      ],
    ];
    const before = await databaseSnapshot();
    for (const [fields, message] of cases) {
      const answer = await post(file.id, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(body(answer).error).toMatch(message);
      expect(body(answer).toast?.type).toBe("error");
    }
    expect(await databaseSnapshot()).toEqual(before);
  });

  it("cancels a received payment (paid_at cleared), applies a manual reduction never below zero, checks Pass'Sport", async () => {
    const { file, payments, registrations } = await createMartinFile();
    for (const [i, payment] of payments.entries()) {
      await post(file.id, {
        intent: "receive",
        form: "f",
        paymentId: String(payment.id),
        method: "cheque",
        amount: String(payment.amount_cents / 100),
        chequeNumber: `77${i}`,
        dueMonth: payment.due_month!,
      });
    }
    const paidAt = async () =>
      (
        await getDb()
          .selectFrom("membership_files")
          .select("paid_at")
          .where("id", "=", file.id)
          .executeTakeFirstOrThrow()
      ).paid_at;
    expect(await paidAt()).not.toBeNull();
    expect(
      (
        await post(file.id, {
          intent: "cancel-payment",
          form: "f",
          paymentId: String(payments[2]!.id),
        })
      ).status,
    ).toBe(200);
    expect(await paidAt()).toBeNull();

    // The reduction without a reason is refused; with one, capped at what Léa owes (80 €).
    const lea = registrations[0]!;
    const noReason = await post(file.id, {
      intent: "discount",
      form: "f",
      registrationId: String(lea.id),
      discount: "20",
      reason: "",
    });
    expect(body(noReason).error).toMatch(/motif/);
    const big = await post(file.id, {
      intent: "discount",
      form: "f",
      registrationId: String(lea.id),
      discount: "500",
      reason: "Famille en difficulté",
    });
    expect(big.status).toBe(200);
    const row = await getDb()
      .selectFrom("registrations")
      .select(["manual_discount_cents", "manual_discount_reason"])
      .where("id", "=", lea.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      manual_discount_cents: 8000,
      manual_discount_reason: "Famille en difficulté",
    });

    const checked = await post(file.id, {
      intent: "pass-sport",
      form: "f",
      registrationId: String(lea.id),
      checked: "1",
    });
    expect(checked.status).toBe(200);
    const pass = await getDb()
      .selectFrom("registrations")
      .select(["pass_sport_checked_at", "pass_sport_checked_by"])
      .where("id", "=", lea.id)
      .executeTakeFirstOrThrow();
    expect(pass.pass_sport_checked_by).toBe("tresoriere");
  });

  it("gives a waiting member the place when the tariff has one, not when it is full", async () => {
    const { season, tariffs } = await createSeason();
    const start = Number(season.starts_on.slice(0, 4));
    await getDb()
      .updateTable("membership_tariffs")
      .set({ places: 1 })
      .where("id", "=", tariffs[2]!.id)
      .execute();
    const tariff = { ...tariffs[2]!, places: 1 };
    const first = await createSubmittedFile({
      season,
      members: [{ firstName: "Ana", lastName: "Bo", birthDate: `${start - 30}-01-01`, tariff }],
    });
    const second = await createSubmittedFile({
      season,
      members: [{ firstName: "Eva", lastName: "Lu", birthDate: `${start - 30}-01-01`, tariff }],
    });
    expect(second.registrations[0]!.status).toBe("waiting");
    const full = await post(second.file.id, {
      intent: "give-place",
      form: "f",
      registrationId: String(second.registrations[0]!.id),
    });
    expect(body(full).error).toBe("Ce tarif n'a plus de place libre.");
    await getDb()
      .updateTable("registrations")
      .set({ status: "cancelled" })
      .where("id", "=", first.registrations[0]!.id)
      .execute();
    const given = await post(second.file.id, {
      intent: "give-place",
      form: "f",
      registrationId: String(second.registrations[0]!.id),
    });
    expect(given.status).toBe(200);
    expect(body(given).toast?.message).toMatch(/ajoutez le paiement/);
    // Now owed, with nothing expected for it: the screen's notice reads this balance.
    const desk = await callRoute(
      loader,
      getRequest(`/admin/adhesions/dossiers/${second.file.id}`, { cookie }),
      {},
      { id: String(second.file.id) },
    );
    const data = desk.data as { balance: { dueCents: number }; payments: { status: string }[] };
    expect(data.balance.dueCents).toBe(16500 + 5500);
    expect(data.payments.filter((p) => p.status === "expected")).toEqual([]);
  });

  it("refuses a coach on the page and the action, nothing changed", async () => {
    const { file, payments } = await createMartinFile();
    const page = await callRoute(
      loader,
      getRequest(`/admin/adhesions/dossiers/${file.id}`, { cookie: coach }),
      {},
      { id: String(file.id) },
    );
    expect(page.status).toBe(403);
    const before = await databaseSnapshot();
    const answer = await post(
      file.id,
      { intent: "cancel-payment", form: "f", paymentId: String(payments[0]!.id) },
      coach,
    );
    expect(answer.status).toBe(403);
    expect(await databaseSnapshot()).toEqual(before);
  });
});
