import { data, redirect } from "react-router";
import { MAX_CHEQUES, PAYMENT_METHODS, type DraftPayment } from "~/domains/membership/membership";
import { paymentProblems } from "~/domains/membership/membership-draft-check";
import {
  CLUB_PAYMENT_METHODS,
  isClubPaymentMethod,
  monthLabel,
} from "~/domains/membership/membership-form";
import { formatEuros } from "~/core/money";
import { RadioChoice } from "~/components/site/choice-box";
import { FIELD_INPUT, FieldError } from "~/components/site/form-controls";
import { InstalmentChoice } from "~/components/site/membership/instalment-choice";
import { LINK, NOTE, StepFieldset } from "~/components/site/membership/membership-shell";
import { StepForm } from "~/components/site/membership/step-form";
import { cardOffer } from "~/domains/membership/helloasso/config.server";
import { saveDraft } from "~/domains/membership/file-draft.server";
import { submitFile } from "~/domains/membership/submit.server";
import { formText, readForm } from "~/core/form";
import type { Route } from "./+types/membership-payment";
import { filePath } from "./membership-paths";
import { MEMBERSHIP_PAGE_HEADERS, requireDraft } from "./membership.server";
import { fileMeta } from "./membership-meta";
import { draftSummary } from "./membership-summary.server";
import { payByCard, readInstalments } from "../helloasso/helloasso-card.server";

/*
 * /adhesion/dossier/:token/paiement, steps f and g: how the family pays (« Payer au club »:
 * 1 to 3 cheques with their months, cash, Chèques-Vacances or Coupon Sport, transfer; or,
 * while HelloAsso is on, by card, in 1 or 3 instalments), then « Envoyer mon dossier »: the
 * file is sent in one transaction (submitFile) and the family lands on its confirmation,
 * or, by card, on HelloAsso's page (payByCard).
 */

export const headers = () => MEMBERSHIP_PAGE_HEADERS;
export const meta = fileMeta("Paiement");

const FIELDS = [
  "choice",
  "method",
  "cheques",
  "month1",
  "month2",
  "month3",
  "instalments",
] as const;

function paymentValues(payment: DraftPayment, months: readonly string[]) {
  return {
    choice: payment.choice || "club",
    method: payment.method,
    cheques: String(payment.cheques || 1),
    month1: payment.months[0] ?? months[0] ?? "",
    month2: payment.months[1] ?? months[1] ?? "",
    month3: payment.months[2] ?? months[2] ?? "",
    instalments: String(payment.instalments ?? 1),
  };
}

export async function loader({ params }: Route.LoaderArgs) {
  const ctx = await requireDraft(params.token);
  const summary = await draftSummary(ctx);
  return {
    token: ctx.token,
    season: ctx.season.label,
    months: ctx.months,
    dueCents: summary.dueCents,
    problems: summary.problems,
    values: paymentValues(ctx.draft.payment, ctx.months),
    card: await cardOffer(),
  };
}

export async function action({ params, request }: Route.ActionArgs) {
  const ctx = await requireDraft(params.token, { resend: true });
  const values = formText(await readForm(request), FIELDS);
  const count = /^\d$/.test(values.cheques) ? Number(values.cheques) : 0;
  const card = values.choice === "card";
  const payment: DraftPayment = {
    choice: card ? "card" : values.choice === "club" ? "club" : "",
    method: !card && isClubPaymentMethod(values.method) ? values.method : "",
    cheques: !card && values.method === "cheque" ? count : 1,
    months:
      !card && values.method === "cheque"
        ? [values.month1, values.month2, values.month3].slice(0, count)
        : [],
    instalments: card ? readInstalments(values.instalments) : 1,
  };
  const draft = { ...ctx.draft, payment };
  const wrong = paymentProblems(draft, ctx.check);
  if (wrong.length > 0) return data({ values, error: wrong[0]!.message }, { status: 400 });
  // Sent meanwhile: by the other of two taps at once, so the same confirmation.
  if (!(await saveDraft(ctx.file.id, draft))) throw redirect(`${filePath(ctx.token)}?envoye=1`);
  const result = await submitFile(ctx.file.id, ctx.token);
  if (!result.ok && result.reason === "sent") {
    // Sent by the same « Envoyer » a moment ago (two taps at once): its confirmation.
    throw redirect(`${filePath(ctx.token)}?envoye=1`);
  }
  if (!result.ok && result.reason === "closed") {
    return data(
      {
        values,
        error:
          "Les inscriptions en ligne de cette saison sont closes : le dossier ne peut plus être envoyé. Contactez le club.",
      },
      { status: 409 },
    );
  }
  if (!result.ok) {
    return data(
      { values, error: `Le dossier n'est pas complet : ${result.problems[0]!.message}` },
      { status: 400 },
    );
  }
  if (payment.choice === "card") {
    throw await payByCard(
      { fileId: result.fileId, token: ctx.token, instalments: payment.instalments ?? 1 },
      "envoye=1",
    );
  }
  throw redirect(`${filePath(ctx.token)}?envoye=1`);
}

export default function MembershipPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { token, season, months, dueCents, problems, card } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const error = actionData?.error;
  return (
    <StepForm
      current="paiement"
      token={token}
      season={season}
      title="Paiement"
      action={filePath(token, "paiement")}
      alert={error}
      back={{ href: filePath(token, "recapitulatif"), label: "Retour : récapitulatif" }}
      submit="Envoyer mon dossier"
    >
      {problems.length > 0 ? (
        <p className="rounded-2xl bg-gold/25 p-5 ring-1 ring-gold-dark/40">
          Le dossier n'est pas encore complet :{" "}
          <a href={filePath(token, "recapitulatif")} className={LINK}>
            voir ce qui manque
          </a>
          .
        </p>
      ) : null}
      <p className="flex justify-between rounded-2xl bg-ink p-5 text-xl font-semibold text-white">
        <span>Total à payer</span>
        <span className="tabular-nums">{formatEuros(dueCents)}</span>
      </p>
      <StepFieldset legend="Comment payez-vous ?">
        <RadioChoice
          name="choice"
          value="club"
          checked={values.choice === "club"}
          bold
          note="Vous remettez le paiement au club, à l'entraînement ou à la permanence."
        >
          Payer au club
        </RadioChoice>
        <fieldset
          className="grid gap-3 pl-8"
          aria-describedby={error ? "payment-error" : undefined}
        >
          <legend className="font-semibold">Moyen de paiement</legend>
          {CLUB_PAYMENT_METHODS.map((method) => (
            <RadioChoice
              key={method}
              name="method"
              value={method}
              checked={values.method === method}
              oneLine
            >
              {method === "cheque"
                ? `Chèque (1 à ${MAX_CHEQUES}, à l'ordre du club)`
                : PAYMENT_METHODS[method]}
            </RadioChoice>
          ))}
          <FieldError id="payment-error" message={error} />
        </fieldset>
        <div className="grid gap-4 pl-8 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <label htmlFor="cheques" className="font-semibold">
              Nombre de chèques
            </label>
            <span id="cheques-hint" className="block text-sm text-gray-700">
              Pour un paiement par chèque : le premier porte les centimes, chacun est encaissé le
              mois choisi.
            </span>
            <select
              id="cheques"
              name="cheques"
              defaultValue={values.cheques}
              aria-describedby="cheques-hint"
              className={FIELD_INPUT}
            >
              {Array.from({ length: MAX_CHEQUES }, (_, i) => (
                <option key={i} value={i + 1}>
                  {i + 1} chèque{i > 0 ? "s" : ""}
                </option>
              ))}
            </select>
          </div>
          {[1, 2, 3].map((n) => (
            <div key={n}>
              <label htmlFor={`month${n}`} className="font-semibold">
                Chèque {n} encaissé en
              </label>
              <select
                id={`month${n}`}
                name={`month${n}`}
                defaultValue={values[`month${n}` as "month1"]}
                className={FIELD_INPUT}
              >
                {months.map((month) => (
                  <option key={month} value={month}>
                    {monthLabel(month)}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        <p className={`${NOTE} pl-8`}>Seuls les chèques du nombre choisi comptent.</p>
        {card ? (
          <div className="grid gap-3 border-t border-gray-200 pt-4">
            <RadioChoice
              name="choice"
              value="card"
              checked={values.choice === "card"}
              bold
              note="Après l'envoi du dossier, vous passez sur la page sécurisée de HelloAsso, la plateforme de paiement des associations : le club ne voit jamais votre carte. HelloAsso propose un pourboire facultatif, pour HelloAsso et non pour le club."
            >
              Payer par carte bancaire, en ligne
            </RadioChoice>
            {card.instalments ? (
              <InstalmentChoice
                legend="Par carte, payer"
                checked={values.instalments}
                className="grid gap-2 pl-8"
              />
            ) : null}
          </div>
        ) : null}
      </StepFieldset>
      <p className={NOTE}>
        En envoyant le dossier, vous confirmez l'exactitude des informations saisies. Vous recevez
        un e-mail avec la référence du dossier et ce qu'il reste à remettre.
      </p>
    </StepForm>
  );
}
