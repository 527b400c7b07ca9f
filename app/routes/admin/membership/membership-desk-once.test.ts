/*
 * « Réception du dossier » records once (real requests, a treasurer's session): a post
 * repeated with its page's key records one payment and answers as the first did; the same
 * cheque typed twice asks first; a cheque rejected by the bank is owed again.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { SERVER_ACTOR } from "~/domains/history/actor";
import { markDeposited } from "~/domains/membership/cheques.server";
import { newDeskKey } from "~/domains/membership/desk-once.server";
import { exportCsv } from "~/domains/membership/exports.server";
import { seasonFigures } from "~/domains/membership/figures.server";
import { fileBalance } from "~/domains/membership/file-balance.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { createMartinFile } from "../../../../tests/membership-files";
import { databaseSnapshot } from "../../../../tests/admin-routes";
import { action, loader } from "./membership-file";

let cookie: string;

beforeAll(async () => {
  ({ cookie } = await signIn(
    await createUser("tresoriere-once", "mot-de-passe", { roles: ["tresorier"] }),
  ));
});

type Body = {
  toast?: { type: string; message: string };
  error?: string;
  form?: string;
  confirm?: string;
  values?: Record<string, string>;
};

const post = (fileId: number, fields: Record<string, string>) =>
  callRoute(
    action,
    postRequest(`/admin/adhesions/dossiers/${fileId}`, fields, { cookie }),
    {},
    { id: String(fileId) },
  );

async function paymentsOf(fileId: number) {
  return getDb()
    .selectFrom("membership_payments")
    .select(["id", "status", "cheque_number", "amount_cents"])
    .where("file_id", "=", fileId)
    .orderBy("id")
    .execute();
}

const journalCount = async () =>
  Number(
    (
      await getDb()
        .selectFrom("activity_log")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("action", "=", "payment.received")
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the desk records once", () => {
  it("records a payment posted twice with one key once, and answers the second as the first", async () => {
    const { file } = await createMartinFile();
    const fields = {
      intent: "receive",
      form: "receive-new",
      deskKey: newDeskKey(),
      method: "cash",
      amount: "40",
    };
    const journal = await journalCount();
    const first = await post(file.id, fields);
    const again = await post(file.id, fields);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.data).toEqual(first.data);
    expect((again.data as Body).toast?.message).toBe("Paiement enregistré.");
    // Two at once (a double click): one of them records, both answer alike.
    const both = await Promise.all(
      [1, 2].map(() => post(file.id, { ...fields, deskKey: newDeskKey() })),
    );
    const same = { ...fields, deskKey: newDeskKey() };
    const pair = await Promise.all([post(file.id, same), post(file.id, same)]);
    expect([...both, ...pair].map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(pair[1]!.data).toEqual(pair[0]!.data);
    const cash = (await paymentsOf(file.id)).filter((p) => p.status === "received");
    // The first key once, the two fresh keys twice, the shared key once.
    expect(cash).toHaveLength(4);
    expect(await journalCount()).toBe(journal + 4);
  });

  it("refuses a post without a valid key, and keeps a refused post's key for its correction", async () => {
    const { file } = await createMartinFile();
    const before = await databaseSnapshot();
    for (const deskKey of [
      undefined,
      "abc",
      `${(Date.now() - 31 * 86_400_000).toString(36)}.${"a".repeat(22)}`,
    ]) {
      const answer = await post(file.id, {
        intent: "receive",
        form: "receive-new",
        method: "cash",
        amount: "40",
        ...(deskKey === undefined ? {} : { deskKey }),
      });
      expect(answer.status).toBe(400);
      expect((answer.data as Body).error).toMatch(/rechargez/);
    }
    const deskKey = newDeskKey();
    const wrong = await post(file.id, {
      intent: "receive",
      form: "receive-new",
      deskKey,
      method: "cash",
      amount: "-40",
    });
    expect((wrong.data as Body).error).toMatch(/Le montant doit être un nombre positif/);
    expect(await databaseSnapshot()).toEqual(before);
    const right = await post(file.id, {
      intent: "receive",
      form: "receive-new",
      deskKey,
      method: "cash",
      amount: "40",
    });
    expect(right.status).toBe(200);
  });

  it("refuses the same cheque number and bank on the file, in French, until the treasurer confirms", async () => {
    const { file, payments } = await createMartinFile();
    const first = await post(file.id, {
      intent: "receive",
      form: `receive-${payments[0]!.id}`,
      deskKey: newDeskKey(),
      paymentId: String(payments[0]!.id),
      method: "cheque",
      amount: String(payments[0]!.amount_cents / 100),
      chequeNumber: "0012345",
      bank: "Crédit Mutuel",
      dueMonth: payments[0]!.due_month!,
    });
    expect(first.status).toBe(200);
    const typed = {
      intent: "receive",
      form: "receive-new",
      deskKey: newDeskKey(),
      method: "cheque",
      amount: "25",
      chequeNumber: "001 2345",
      bank: "credit mutuel",
      dueMonth: payments[0]!.due_month!,
    };
    const before = await databaseSnapshot();
    const refused = await post(file.id, typed);
    expect(refused.status).toBe(400);
    const body = refused.data as Body;
    expect(body.error).toMatch(
      /^Le chèque n° 001 2345 de la banque credit mutuel est déjà enregistré sur ce dossier, reçu le \d\d\/\d\d\/\d{4}\. Si c'est bien un autre chèque, choisissez « C'est un autre chèque : l'enregistrer »\.$/,
    );
    expect(body.confirm).toBe("confirmDuplicate");
    // What was typed comes back, for a page drawn anew without script.
    expect(body.values).toMatchObject({
      chequeNumber: "001 2345",
      bank: "credit mutuel",
      amount: "25",
    });
    expect(await databaseSnapshot()).toEqual(before);

    const confirmed = await post(file.id, { ...typed, confirmDuplicate: "1" });
    expect(confirmed.status).toBe(200);
    expect((await paymentsOf(file.id)).filter((p) => p.status === "received")).toHaveLength(2);
    // Another bank, or a cancelled cheque, is no duplicate.
    const other = await post(file.id, { ...typed, deskKey: newDeskKey(), bank: "La Poste" });
    expect(other.status).toBe(200);
  });

  it("marks a deposited cheque rejected: the file owes its amount again and says so; only a deposited cheque", async () => {
    const { file, payments, season } = await createMartinFile();
    for (const [i, payment] of payments.entries()) {
      const answer = await post(file.id, {
        intent: "receive",
        form: `receive-${payment.id}`,
        deskKey: newDeskKey(),
        paymentId: String(payment.id),
        method: "cheque",
        amount: String(payment.amount_cents / 100),
        chequeNumber: `90${i}`,
        bank: "La Banque Postale",
        dueMonth: payment.due_month!,
      });
      expect(answer.status).toBe(200);
    }
    const [one, two] = payments;
    const notDeposited = await post(file.id, {
      intent: "reject-cheque",
      form: "f",
      deskKey: newDeskKey(),
      paymentId: String(one!.id),
    });
    expect((notDeposited.data as Body).error).toBe(
      "Seul un chèque remis en banque peut être marqué rejeté.",
    );
    await markDeposited(SERVER_ACTOR, [one!.id, two!.id], { laterConfirmed: true });
    const receivedBefore = (await seasonFigures(season)).receivedCents;
    expect((await fileBalance(file.id)).dueCents).toBe(0);

    const rejected = await post(file.id, {
      intent: "reject-cheque",
      form: `reject-cheque-${two!.id}`,
      deskKey: newDeskKey(),
      paymentId: String(two!.id),
    });
    expect(rejected.status).toBe(200);
    expect((rejected.data as Body).toast?.message).toBe(
      "Chèque marqué rejeté : son montant est de nouveau dû.",
    );
    const desk = await callRoute(
      loader,
      getRequest(`/admin/adhesions/dossiers/${file.id}`, { cookie }),
      {},
      { id: String(file.id) },
    );
    const data = desk.data as {
      file: { paidAt: string | null };
      balance: { dueCents: number };
      flags: { toPay: boolean };
      payments: { id: number; status: string; rejectedAt: string | null }[];
    };
    expect(data.file.paidAt).toBeNull();
    expect(data.balance.dueCents).toBe(two!.amount_cents);
    expect(data.flags.toPay).toBe(true);
    expect(data.payments.find((p) => p.id === two!.id)).toMatchObject({ status: "rejected" });
    expect(data.payments.find((p) => p.id === two!.id)?.rejectedAt).toBeTruthy();
    // The figures and the accounts' export count it as not received, and name it.
    expect((await seasonFigures(season)).receivedCents).toBe(receivedBefore - two!.amount_cents);
    const csv = await exportCsv(SERVER_ACTOR, "payments", season);
    expect(csv).toMatch(new RegExp(`;901;La Banque Postale;;[\\d,]+;Rejeté;`));

    const cancel = await post(file.id, {
      intent: "cancel-payment",
      form: "f",
      deskKey: newDeskKey(),
      paymentId: String(two!.id),
    });
    expect((cancel.data as Body).error).toMatch(/rejeté par la banque/);
  });
});
