import { describe, expect, it } from "vitest";
import type { Actor } from "~/domains/history/actor";
import { cancelPayment, HELLOASSO_OWNS } from "~/domains/membership/desk.server";
import { exportCsv } from "~/domains/membership/exports.server";
import { loadFileDesk } from "~/domains/membership/file-desk.server";
import { createMartinFile } from "../../../../tests/membership-files";
import { fileState, LINKS, withFakeHelloAsso } from "../../../../tests/helloasso/setup";
import { startCheckout } from "./checkout.server";
import { confirmCheckout } from "./confirm.server";

/*
 * The treasurer's side of a card payment: the desk shows the checkout and its
 * order and leaves HelloAsso's payments to HelloAsso; the accounts' export names the order.
 */

const hello = withFakeHelloAsso();
const treasurer: Actor = { userId: null, username: "tresoriere", ip: "127.0.0.1" };

describe("a card payment at the desk and in the exports", () => {
  it("shows the order, refuses the desk's cancel, and exports the order id", async () => {
    const { file, season } = await createMartinFile();
    await startCheckout(file.id, { links: LINKS });
    const { checkouts } = await fileState(file.id);
    const order = await hello.fake.pay(Number(checkouts[0]!.intent_id));
    expect(await confirmCheckout(checkouts[0]!.id)).toBe("paid");

    const desk = (await loadFileDesk(file.id))!;
    expect(desk.checkouts).toMatchObject([
      { state: "paid", orderId: String(order.id), amountCents: 23000, lastError: "" },
    ]);
    const card = desk.payments.find((p) => p.method === "card")!;
    expect(card).toMatchObject({ status: "received", fromHelloAsso: true });
    expect(card.reference).toBe(`Commande HelloAsso ${order.id}`);

    await expect(cancelPayment(treasurer, { fileId: file.id, paymentId: card.id })).rejects.toThrow(
      HELLOASSO_OWNS,
    );
    expect((await fileState(file.id)).paidAt).not.toBeNull();

    const csv = await exportCsv(treasurer, "payments", season);
    expect(csv).toContain(
      `Carte bancaire (HelloAsso);;;Commande HelloAsso ${order.id};230,00;Reçu`,
    );
  });
});
