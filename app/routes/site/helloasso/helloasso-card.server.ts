import { redirect } from "react-router";
import type { CardProblem } from "~/domains/membership/helloasso/card-payment";
import { CheckoutError, startCheckout } from "~/domains/membership/helloasso/checkout.server";
import { getClubOrigin } from "~/core/site-address.server";
import { filePath } from "../membership/membership-paths";

/*
 * « Payer par carte » from the payment step or the file's page: off to
 * HelloAsso's page for what the file owes, or back to the file's page saying why not.
 * HelloAsso sends the family back to /carte/retour, whose query string is never read.
 */

/**
 * ?carte= on the file's page: what it tells the family (never that a payment is made):
 * after HelloAsso (retour, refus, abandon, erreur) or why it could not go there.
 */
export type CardNotice = "retour" | "refus" | "abandon" | "erreur" | CardProblem;

export function cardNoticePath(token: string, notice: CardNotice, extra = ""): string {
  return `${filePath(token)}?${extra ? `${extra}&` : ""}carte=${notice}#paiement`;
}

export async function payByCard(
  { fileId, token, instalments }: { fileId: number; token: string; instalments: 1 | 3 },
  extra = "",
): Promise<Response> {
  const origin = await getClubOrigin();
  try {
    const start = await startCheckout(fileId, {
      instalments,
      links: {
        back: `${origin}${cardNoticePath(token, "abandon")}`,
        error: `${origin}${cardNoticePath(token, "erreur")}`,
        return: `${origin}${filePath(token, "carte/retour")}`,
      },
    });
    return "redirect" in start
      ? redirect(start.redirect)
      : redirect(cardNoticePath(token, "retour", extra));
  } catch (error) {
    if (!(error instanceof CheckoutError)) throw error;
    return redirect(cardNoticePath(token, error.problem, extra));
  }
}

/** « 3 » from the form, when the file's page or the step offered paying in 3. */
export function readInstalments(value: FormDataEntryValue | null): 1 | 3 {
  return value === "3" ? 3 : 1;
}
