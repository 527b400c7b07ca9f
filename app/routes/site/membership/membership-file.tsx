import { isRouteErrorResponse, redirect } from "react-router";
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
  registrationStatusLabel,
} from "~/domains/membership/membership";
import { monthLabel } from "~/domains/membership/membership-form";
import { elide } from "~/core/french";
import { formatEuros } from "~/core/money";
import { NotFoundSection } from "~/components/site/not-found-section";
import { buttonClass } from "~/components/site/button-link";
import { InstalmentChoice } from "~/components/site/membership/instalment-choice";
import { BOX, MembershipShell, NOTE } from "~/components/site/membership/membership-shell";
import { fileRegistrations, filePayments } from "~/domains/membership/household-data.server";
import { fileBalance, registrationOwed } from "~/domains/membership/file-balance.server";
import { medicalThing } from "~/domains/membership/submit.server";
import { cardDue } from "~/domains/membership/helloasso/checkout.server";
import { cardOffer } from "~/domains/membership/helloasso/config.server";
import { cardNotice } from "../helloasso/helloasso-card-notice.server";
import type { Route } from "./+types/membership-file";
import { filePath } from "./membership-paths";
import { MEMBERSHIP_PAGE_HEADERS, requireFile } from "./membership.server";
import { fileMeta } from "./membership-meta";

/*
 * /adhesion/dossier/:token: the link of the mails. A draft resumes at its members (or its
 * summary); a sent file shows its page (h): the reference, each member's state and what is
 * still missing, the payments expected, and « Télécharger mes données ». With ?envoye=1
 * it is the confirmation page; ?deja=1 says a step was posted to a file already sent.
 */

export const headers = () => MEMBERSHIP_PAGE_HEADERS;
export const meta = fileMeta("Votre dossier");

export async function loader({ params, request }: Route.LoaderArgs) {
  const open = await requireFile(params.token);
  const token = params.token;
  if (open.file.status === "draft") {
    throw redirect(filePath(token, open.draft.members.length === 0 ? "membres" : "recapitulatif"));
  }
  const url = new URL(request.url);
  const [registrations, payments, balance, due] = await Promise.all([
    fileRegistrations(open.file.id),
    filePayments(open.file.id),
    fileBalance(open.file.id),
    cardDue(open.file.id),
  ]);
  const paidFor = new Map(balance.members.map((m) => [m.registrationId, m.paidCents]));
  const paid = open.file.paid_at !== null;
  // The instalments HelloAsso will take are not to be paid again.
  const cardCents = due.cardCents;
  const offer = open.file.status === "submitted" && cardCents > 0 ? await cardOffer() : null;
  return {
    token,
    season: open.season.label,
    reference: open.file.reference ?? "",
    status: open.file.status,
    sent: url.searchParams.get("envoye") === "1",
    already: url.searchParams.get("deja") === "1",
    cardNotice: await cardNotice(open.file.id, paid, url.searchParams.get("carte")),
    card: offer ? { due: formatEuros(cardCents), instalments: offer.instalments } : null,
    paid,
    email: open.draft.household.email,
    members: registrations.map((row) => {
      const owed = registrationOwed(row);
      const missing = [
        ...(row.medical_seen_at ? [] : [medicalThing(row.medical_kind)]),
        // Nothing to hand over when HelloAsso takes the instalments left.
        ...(row.status === "active" && !paid && owed > 0 && cardCents > 0
          ? [`sa part du paiement (${formatEuros(owed)})`]
          : []),
      ];
      return {
        id: row.id,
        name: `${row.first_name} ${row.last_name}`,
        ofName: elide("de", `${row.first_name} ${row.last_name}`),
        tariff: row.tariff_label,
        status: registrationStatusLabel(row.status, row.sex),
        owed: formatEuros(owed),
        missing,
        /** The attestation can be downloaded once something is received for the member. */
        attestation: (paidFor.get(row.id) ?? 0) > 0,
      };
    }),
    // The promises a card payment replaced are no news to the family.
    payments: payments
      .filter((row) => row.status !== "cancelled" || row.external_id !== null)
      .map((row) => ({
        id: row.id,
        method: PAYMENT_METHODS[row.method as PaymentMethod] ?? row.method,
        amount: formatEuros(row.amount_cents),
        month: row.due_month
          ? `, ${row.method === "card" ? "prélevé" : "encaissé"} en ${monthLabel(row.due_month)}`
          : "",
        status: PAYMENT_STATUSES[row.status as PaymentStatus] ?? row.status,
        cheque: row.method === "cheque",
      })),
    chequeBack: `${open.file.reference ?? ""} – ${registrations.map((r) => `${r.first_name} ${r.last_name}`).join(", ")}`,
  };
}

export default function MembershipFile({ loaderData }: Route.ComponentProps) {
  const {
    token,
    season,
    reference,
    sent,
    already,
    members,
    payments,
    chequeBack,
    status,
    email,
    card,
    cardNotice,
  } = loaderData;
  const cancelled = status === "cancelled";
  return (
    <MembershipShell season={season} title={sent ? "Dossier envoyé" : `Dossier ${reference}`}>
      <div className="grid gap-6">
        {already ? (
          <p
            role="alert"
            className="rounded-xl bg-gold/25 p-4 font-semibold ring-1 ring-gold-dark/40"
          >
            Ce dossier est déjà envoyé : il ne peut plus être modifié en ligne. Pour un changement,
            contactez le club.
          </p>
        ) : null}
        {sent ? (
          <p className="rounded-2xl bg-teal-light/60 p-5 text-lg ring-1 ring-teal-dark/20">
            Merci ! Votre dossier est bien envoyé. Sa référence : <strong>{reference}</strong>. Un
            e-mail de confirmation part à {email}.
          </p>
        ) : (
          <p className="text-lg">
            Référence <strong>{reference}</strong> ·{" "}
            {cancelled ? "dossier annulé" : "dossier envoyé"}
          </p>
        )}
        <section className={BOX} aria-labelledby="members-title">
          <h3 id="members-title" className="text-xl uppercase">
            Les membres et ce qui manque
          </h3>
          <ul className="grid gap-4">
            {members.map((member) => (
              <li key={member.id}>
                <p className="font-semibold">
                  {member.name} · {member.tariff} · {member.status}
                </p>
                <p className={NOTE}>
                  {member.missing.length === 0
                    ? "Rien ne manque."
                    : `À remettre au club : ${member.missing.join(" ; ")}.`}
                </p>
                {member.attestation ? (
                  <p>
                    <a
                      href={filePath(token, `attestation/${member.id}.pdf`)}
                      className="font-semibold underline"
                      download
                    >
                      Attestation de paiement {member.ofName} (PDF)
                    </a>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
        {payments.length > 0 ? (
          <section className={BOX} aria-labelledby="payments-title">
            <h3 id="payments-title" className="text-xl uppercase">
              Le paiement
            </h3>
            <ul className="grid gap-2">
              {payments.map((payment, i) => (
                <li key={payment.id}>
                  {payment.cheque ? `Chèque ${i + 1}` : payment.method} : {payment.amount}
                  {payment.month} · {payment.status}
                </li>
              ))}
            </ul>
            {payments.some((payment) => payment.cheque) ? (
              <p className={NOTE}>
                Chèques à l'ordre du club. Au dos de chaque chèque, écrivez :{" "}
                <strong>{chequeBack}</strong>
              </p>
            ) : null}
          </section>
        ) : null}
        {cardNotice ? (
          <p
            id="paiement"
            role="status"
            className="rounded-2xl bg-teal-light/60 p-5 text-lg ring-1 ring-teal-dark/20"
          >
            {cardNotice}
          </p>
        ) : null}
        {card ? <CardPayment token={token} {...card} /> : null}
        <p className={NOTE}>
          Aucun document de santé n'est demandé en ligne : le certificat ou l'attestation se remet
          au club.
        </p>
        <div>
          <a href={`${filePath(token)}/donnees`} className={buttonClass("outline-dark")} download>
            Télécharger mes données
          </a>
        </div>
      </div>
    </MembershipShell>
  );
}

/** « Payer par carte »: a plain form to /carte, which goes on to HelloAsso's page. */
function CardPayment({
  token,
  due,
  instalments,
}: {
  token: string;
  due: string;
  instalments: boolean;
}) {
  return (
    <form method="post" action={filePath(token, "carte")} className={BOX}>
      <h3 className="text-xl uppercase">Payer par carte</h3>
      <p>
        Reste à payer : <strong>{due}</strong>. Le paiement se fait sur la page sécurisée de
        HelloAsso, la plateforme de paiement des associations ; le club ne voit jamais votre carte.
      </p>
      {instalments ? <InstalmentChoice legend="Payer" checked="1" /> : null}
      <div>
        <button type="submit" className={buttonClass("gold")}>
          Payer {due} par carte
        </button>
      </div>
    </form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return <FileNotFound />;
}

export function FileNotFound() {
  return (
    <NotFoundSection
      title="Dossier introuvable"
      backTo="/adhesion"
      backLabel="Commencer une inscription"
    >
      <p className="text-lg text-gray-700">
        Ce lien ne correspond à aucun dossier : il est incomplet, ou a expiré.
      </p>
    </NotFoundSection>
  );
}
