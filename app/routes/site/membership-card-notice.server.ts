import { getDb } from "~/db/client.server";
import { CARD_NOTICES, type CardNotice } from "./membership-card.server";

/*
 * What the file's page says after HelloAsso (issue 35). « ?carte= » only asks for a notice;
 * whether a payment is made comes from the database (what confirmCheckout recorded),
 * never from the address.
 */

const ABANDONED =
  "Vous êtes revenu sans payer : rien n'a été prélevé. Vous pouvez payer par carte ci-dessous, ou au club.";

const REFUSED =
  "Le paiement par carte n'a pas abouti : rien n'a été prélevé. Vous pouvez réessayer, ou payer au club.";

const NOTICES: Record<Exclude<CardNotice, "retour" | "refus">, string> = {
  abandon: ABANDONED,
  erreur:
    "HelloAsso a signalé une erreur : rien n'a été prélevé. Vous pouvez réessayer, ou payer au club.",
  indisponible:
    "Le paiement par carte est indisponible pour le moment : réessayez plus tard, ou payez au club.",
};

export async function cardNotice(
  fileId: number,
  paid: boolean,
  asked: string | null,
): Promise<string | null> {
  if (!CARD_NOTICES.includes(asked as CardNotice)) return null;
  if (asked !== "retour" && asked !== "refus") {
    return NOTICES[asked as Exclude<CardNotice, "retour" | "refus">];
  }
  if (paid)
    return "Merci : votre paiement par carte est enregistré. Vos attestations de paiement vous sont envoyées par e-mail.";
  const last = await getDb()
    .selectFrom("helloasso_checkouts")
    .select(["state", "instalments"])
    .where("file_id", "=", fileId)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (last?.state === "paid") {
    return last.instalments > 1
      ? "Merci : votre premier paiement par carte est enregistré ; les échéances suivantes seront prélevées aux dates prévues."
      : "Merci : votre paiement par carte est enregistré.";
  }
  // HelloAsso makes no order for a refused card: the return's « code=refused » only picks
  // these words while nothing is paid (?carte=refus), it never records anything.
  if (last?.state === "refused" || (asked === "refus" && last?.state === "pending")) return REFUSED;
  if (last?.state === "pending") {
    return "Votre paiement est en cours de vérification auprès de HelloAsso : rechargez cette page dans quelques minutes pour le voir enregistré.";
  }
  return ABANDONED;
}

/**
 * The file's payments HelloAsso made (external_id set): of the cancelled ones, only these
 * (a refund, an instalment cancelled) are shown to the family, never the promises a card
 * payment replaced.
 */
export async function helloAssoPaymentIds(fileId: number): Promise<Set<number>> {
  const rows = await getDb()
    .selectFrom("membership_payments")
    .select("id")
    .where("file_id", "=", fileId)
    .where("external_id", "is not", null)
    .execute();
  return new Set(rows.map((row) => row.id));
}
