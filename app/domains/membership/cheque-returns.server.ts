/*
 * Cheques that come back from « Chèques à déposer »: a deposit slip marked by mistake is
 * undone (its cheques back to received, à déposer), and a deposited cheque the bank
 * returns unpaid is marked rejected (not received: its amount is owed again,
 * file-balance.server.ts). Each journaled like the deposit.
 */
import { getDb } from "~/db/client.server";
import { withActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import { formatNumericDate } from "~/core/date-format";
import { ON_SLIP } from "./cheques.server";
import { DeskError, deskPaymentOf, fileActivity, fileOf } from "./desk.server";
import { refreshPaidAt } from "./file-balance.server";

/**
 * Undoes a deposit slip marked by mistake: its cheques still deposited go back to « à
 * déposer ». Refused once one of them came back rejected (the slip did reach the bank).
 * Returns how many went back.
 */
export async function undoDeposit(
  actor: Actor,
  stamp: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<number> {
  const rows = await getDb()
    .selectFrom("membership_payments")
    .select(["id", "status"])
    .where("method", "=", "cheque")
    .where("deposited_at", "=", stamp)
    .where("status", "in", ON_SLIP)
    .execute();
  if (rows.length === 0) throw new DeskError("Cette remise n'existe pas ou a déjà été annulée.");
  if (rows.some((row) => row.status === "rejected")) {
    throw new DeskError(
      "Un chèque de cette remise a été rejeté par la banque : la remise a bien eu lieu, elle ne peut plus être annulée.",
    );
  }
  const count = rows.length;
  await withActivity(
    actor,
    {
      action: "save",
      itemType: "membership",
      itemLabel: `Remise du ${formatNumericDate(stamp)} annulée : ${count} chèque${count > 1 ? "s" : ""} à déposer de nouveau`,
    },
    async () => {
      const undone = await getDb()
        .updateTable("membership_payments")
        .set({ status: "received", deposited_at: null, updated_at: now.toISOString() })
        .where(
          "id",
          "in",
          rows.map((row) => row.id),
        )
        .where("status", "=", "deposited")
        .executeTakeFirst();
      if (Number(undone.numUpdatedRows) !== count) {
        throw new DeskError("Cette remise vient de changer : rechargez la page.");
      }
    },
  );
  return count;
}

/**
 * Marks a deposited cheque of the file rejected (returned unpaid by the bank): it no longer
 * counts as received, so its amount is owed again and paid_at is cleared.
 */
export async function rejectCheque(
  actor: Actor,
  { fileId, paymentId }: { fileId: number; paymentId: number },
  { now = new Date() }: { now?: Date } = {},
) {
  const file = await fileOf(fileId);
  const payment = await deskPaymentOf(file.id, paymentId);
  if (payment.method !== "cheque" || payment.status !== "deposited") {
    throw new DeskError("Seul un chèque remis en banque peut être marqué rejeté.");
  }
  return withActivity(actor, fileActivity(file), async () => {
    const stamp = now.toISOString();
    await getDb()
      .updateTable("membership_payments")
      .set({ status: "rejected", rejected_at: stamp, updated_at: stamp })
      .where("id", "=", paymentId)
      .where("status", "=", "deposited")
      .execute();
    return refreshPaidAt(file.id, { now });
  });
}
