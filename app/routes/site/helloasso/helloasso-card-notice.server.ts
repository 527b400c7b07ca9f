import { CARD_PROBLEMS } from "~/domains/membership/helloasso/card-payment";
import { getDb } from "~/db/client.server";
import type { CardNotice } from "./helloasso-card.server";

/*
 * What the file's page says after HelloAsso. « ?carte= » only asks for a notice;
 * whether a payment is made comes from the database (what confirmCheckout recorded),
 * never from the address.
 */

const ABANDONED =
  "Vous êtes revenu sans payer : rien n'a été prélevé. Vous pouvez payer par carte ci-dessous, ou au club.";

const REFUSED =
  "Le paiement par carte n'a pas abouti : rien n'a été prélevé. Vous pouvez réessayer, ou payer au club.";

/** The notices that need nothing from the database. */
const NOTICES: Record<Exclude<CardNotice, "retour" | "refus">, string> = {
  abandon: ABANDONED,
  erreur:
    "HelloAsso a signalé une erreur : rien n'a été prélevé. Vous pouvez réessayer, ou payer au club.",
  ...CARD_PROBLEMS,
};

export async function cardNotice(
  fileId: number,
  paid: boolean,
  asked: string | null,
): Promise<string | null> {
  if (asked !== "retour" && asked !== "refus") {
    return asked !== null && Object.hasOwn(NOTICES, asked)
      ? NOTICES[asked as keyof typeof NOTICES]
      : null;
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
