import { euroFigure, formatEuros } from "~/core/money";
import { ArrowLeft } from "lucide-react";
import { Link, useActionData } from "react-router";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { FileBadges } from "~/components/admin/membership/file-badges";
import {
  DeskForm,
  type DeskAnswer,
  DeskSubmit,
  PaymentFields,
} from "~/components/admin/membership/desk-forms";
import { MembershipTabs } from "~/components/admin/membership/membership-tabs";
import { Badge } from "~/components/ui/badge";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  CHECKOUT_STATES,
  PAYMENT_STATUSES,
  type CheckoutState,
  type PaymentStatus,
} from "~/domains/membership/membership";
import { methodLabel } from "~/domains/membership/membership-desk";
import { monthLabel } from "~/domains/membership/membership-form";
import { loadFileDesk } from "~/domains/membership/file-desk.server";
import { adminMeta } from "~/utils/admin-route";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { positiveId } from "~/core/form";
import type { Toast } from "~/utils/toast";
import { formatNumericDate } from "~/core/date-format";
import type { Route } from "./+types/membership-file";
import { membershipFileAction } from "./membership-file.server";

/*
 * /admin/adhesions/dossiers/:id: a file and « Réception du dossier », what the desk
 * records when the family hands over its cheques, cash or vouchers.
 */

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data?.file.reference ? `Dossier ${data.file.reference}` : "Dossier d'adhésion");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireCapability(request, "registrations");
  const id = positiveId(params.id ?? null);
  const desk = id === null ? null : await loadFileDesk(id);
  if (!desk) throw new Response("Dossier introuvable", { status: 404 });
  return desk;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return membershipFileAction(request, positiveId(params.id ?? null), context);
}

/** « à encaisser en octobre 2026 » (a cheque), « prélevée en octobre 2026 » (a card instalment). */
function dueWhen(method: string, month: string): string {
  return `${method === "card" ? "prélevée" : "à encaisser"} en ${monthLabel(month)}`;
}

export default function MembershipFile({ loaderData }: Route.ComponentProps) {
  const { file, household, members, payments, balance, flags, checkouts } = loaderData;
  const answer = useActionData<typeof action>() as (DeskAnswer & { toast?: Toast }) | undefined;
  useActionToast(answer);
  const active = members.filter((m) => m.status === "active");
  const expected = payments.filter((p) => p.status === "expected");
  const others = payments.filter((p) => p.status !== "expected");
  const expectedCents = expected.reduce((sum, p) => sum + p.amountCents, 0);
  const editable = file.status === "submitted";
  return (
    <>
      <AdminPageHeader
        title={`Réception du dossier ${file.reference ?? `n° ${file.id}`}`}
        description={`Saison ${file.season}${file.submittedAt ? ` · envoyé le ${formatNumericDate(file.submittedAt)}` : ""}`}
        actions={
          <Link to="/admin/adhesions" className="btn btn-secondary btn-md">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Tous les dossiers
          </Link>
        }
      >
        <MembershipTabs />
      </AdminPageHeader>

      <div className="flex flex-col gap-6">
        <section aria-labelledby="solde" className="card flex flex-col gap-3 p-4">
          <h2 id="solde" className="text-lg font-bold text-ink">
            Solde
          </h2>
          <FileBadges status={file.status} flags={flags} />
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
            <dt className="text-gray-700">Dû</dt>
            <dd className="font-semibold tabular-nums">{formatEuros(balance.owedCents)}</dd>
            <dt className="text-gray-700">Reçu</dt>
            <dd className="font-semibold tabular-nums">{formatEuros(balance.receivedCents)}</dd>
            <dt className="text-gray-700">Reste à payer</dt>
            <dd className="font-semibold tabular-nums">{formatEuros(balance.dueCents)}</dd>
            <dt className="text-gray-700">Payé le</dt>
            <dd className="font-semibold">
              {file.paidAt ? formatNumericDate(file.paidAt) : "pas encore"}
            </dd>
          </dl>
        </section>

        {household ? (
          <section aria-labelledby="foyer" className="card flex flex-col gap-2 p-4">
            <h2 id="foyer" className="text-lg font-bold text-ink">
              Foyer
            </h2>
            <p>
              <a href={`mailto:${household.email}`} className="text-teal-dark underline">
                {household.email}
              </a>
              {household.phone ? ` · ${household.phone}` : ""}
            </p>
            {household.address ? <p className="text-gray-700">{household.address}</p> : null}
            {household.guardians.length > 0 ? (
              <ul className="text-sm text-gray-700">
                {household.guardians.map((g, i) => (
                  <li key={i}>
                    Responsable légal : {g.firstName} {g.lastName}
                    {g.relation ? ` (${g.relation})` : ""}
                    {g.phone ? ` · ${g.phone}` : ""}
                    {g.email ? ` · ${g.email}` : ""}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}

        <section aria-labelledby="adherents" className="flex flex-col gap-3">
          <h2 id="adherents" className="text-lg font-bold text-ink">
            Adhérents
          </h2>
          {members.map((member) => (
            <article
              key={member.id}
              aria-label={member.name}
              className="card flex flex-col gap-3 p-4"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-bold text-ink">
                  <Link
                    to={`/admin/adhesions/adherents/${member.id}`}
                    className="text-teal-dark underline"
                  >
                    {member.name}
                  </Link>
                </h3>
                {member.status === "waiting" ? (
                  <Badge tone="teal">Liste d'attente</Badge>
                ) : member.status === "cancelled" ? (
                  <Badge tone="neutral">Annulé</Badge>
                ) : null}
              </div>
              <p className="text-sm text-gray-700">
                {member.tariff} : club {formatEuros(member.clubCents)} + licence{" "}
                {formatEuros(member.licenceCents)}
                {member.householdDiscountCents
                  ? ` − foyer ${formatEuros(member.householdDiscountCents)}`
                  : ""}
                {member.passSportCents ? ` − Pass'Sport ${formatEuros(member.passSportCents)}` : ""}
                {member.manualDiscountCents
                  ? ` − réduction ${formatEuros(member.manualDiscountCents)} (${member.manualDiscountReason})`
                  : ""}
              </p>
              {member.status === "active" ? (
                <p>
                  Part due <strong className="tabular-nums">{formatEuros(member.owedCents)}</strong>{" "}
                  · payée <strong className="tabular-nums">{formatEuros(member.paidCents)}</strong>
                </p>
              ) : null}
              {member.status === "waiting" && editable ? (
                <DeskForm
                  id={`place-${member.id}`}
                  intent="give-place"
                  className="flex flex-col gap-2"
                >
                  <input type="hidden" name="registrationId" value={member.id} />
                  <p className="text-sm text-gray-700">
                    En liste d'attente : ne doit rien tant qu'aucune place n'est donnée. Une fois la
                    place donnée, ajoutez son paiement ci-dessous.
                  </p>
                  <div>
                    <DeskSubmit formId={`place-${member.id}`}>Donner la place</DeskSubmit>
                  </div>
                </DeskForm>
              ) : null}
              {member.passSportCode && editable ? (
                <DeskForm
                  id={`pass-${member.id}`}
                  intent="pass-sport"
                  className="flex flex-wrap items-center gap-3"
                >
                  <input type="hidden" name="registrationId" value={member.id} />
                  <input type="hidden" name="checked" value={member.passSportChecked ? "0" : "1"} />
                  <span>
                    Code Pass'Sport <strong>{member.passSportCode}</strong> :{" "}
                    {member.passSportChecked
                      ? `vérifié le ${formatNumericDate(member.passSportChecked.at)} par ${member.passSportChecked.by}`
                      : "à vérifier"}
                  </span>
                  <DeskSubmit formId={`pass-${member.id}`} variant="secondary">
                    {member.passSportChecked ? "Annuler la vérification" : "Code vérifié"}
                  </DeskSubmit>
                </DeskForm>
              ) : null}
              {member.status === "active" && editable ? (
                <details>
                  <summary className="cursor-pointer text-sm font-semibold text-teal-dark">
                    Réduction exceptionnelle
                  </summary>
                  <DeskForm
                    id={`discount-${member.id}`}
                    intent="discount"
                    className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end"
                  >
                    <input type="hidden" name="registrationId" value={member.id} />
                    <Field label="Montant (€)" id={`discount-${member.id}-amount`}>
                      <Input
                        name="discount"
                        inputMode="decimal"
                        defaultValue={
                          member.manualDiscountCents ? euroFigure(member.manualDiscountCents) : ""
                        }
                      />
                    </Field>
                    <Field label="Motif" id={`discount-${member.id}-reason`} className="flex-1">
                      <Input
                        name="reason"
                        maxLength={200}
                        defaultValue={member.manualDiscountReason}
                      />
                    </Field>
                    <div>
                      <DeskSubmit formId={`discount-${member.id}`} variant="secondary">
                        Appliquer la réduction
                      </DeskSubmit>
                    </div>
                  </DeskForm>
                </details>
              ) : null}
            </article>
          ))}
        </section>

        <section aria-labelledby="attendus" className="flex flex-col gap-3">
          <h2 id="attendus" className="text-lg font-bold text-ink">
            Paiements attendus
          </h2>
          {expected.length === 0 ? <p className="text-gray-700">Aucun paiement attendu.</p> : null}
          {editable && balance.dueCents > expectedCents ? (
            <p
              role="status"
              className="rounded-md border border-amber-300 bg-amber-50 p-3 text-ink"
            >
              Les paiements attendus ne couvrent pas ce qui reste à payer (
              {formatEuros(balance.dueCents - expectedCents)} de plus), par exemple après une place
              donnée sur la liste d'attente : ajoutez le paiement manquant ci-dessous.
            </p>
          ) : null}
          {expected.map((payment, index) => (
            <article
              key={payment.id}
              aria-label={`${methodLabel(payment.method)} attendu ${index + 1}`}
              className="card flex flex-col gap-3 p-4"
            >
              <h3 className="font-bold text-ink">
                {methodLabel(payment.method)} de {formatEuros(payment.amountCents)}
                {payment.dueMonth ? ` · ${dueWhen(payment.method, payment.dueMonth)}` : ""}
              </h3>
              {payment.method === "card" ? (
                <p className="text-gray-700">
                  {payment.fromHelloAsso
                    ? "Échéance prélevée par HelloAsso sur la carte du payeur : le dossier la reprend de lui-même."
                    : "La famille a choisi de payer par carte en ligne : rien à saisir ici. Si elle paie finalement au club, annulez ce paiement attendu puis ajoutez le paiement reçu."}
                </p>
              ) : null}
              {editable && payment.method !== "card" ? (
                <DeskForm
                  id={`receive-${payment.id}`}
                  intent="receive"
                  className="flex flex-col gap-3"
                >
                  <input type="hidden" name="paymentId" value={payment.id} />
                  <PaymentFields
                    prefix={`p${payment.id}`}
                    method={payment.method}
                    amountCents={payment.amountCents}
                    dueMonth={payment.dueMonth}
                    compact
                    members={active.map((m) => ({
                      id: m.id,
                      name: m.name,
                      shareCents:
                        payment.shares.find((s) => s.registrationId === m.id)?.cents ?? null,
                    }))}
                  />
                  <div className="flex flex-wrap gap-2">
                    <DeskSubmit formId={`receive-${payment.id}`}>Marquer comme reçu</DeskSubmit>
                  </div>
                </DeskForm>
              ) : null}
              {editable && !payment.fromHelloAsso ? (
                <DeskForm id={`cancel-${payment.id}`} intent="cancel-payment">
                  <input type="hidden" name="paymentId" value={payment.id} />
                  <DeskSubmit
                    formId={`cancel-${payment.id}`}
                    variant="ghost"
                    confirm={{
                      title: "Annuler ce paiement attendu ?",
                      description: "Il ne comptera plus dans ce que le foyer a prévu de payer.",
                      confirmLabel: "Annuler le paiement",
                    }}
                  >
                    Annuler ce paiement
                  </DeskSubmit>
                </DeskForm>
              ) : null}
            </article>
          ))}
        </section>

        {editable ? (
          <section aria-labelledby="ajouter" className="card flex flex-col gap-3 p-4">
            <h2 id="ajouter" className="text-lg font-bold text-ink">
              Ajouter un paiement reçu
            </h2>
            <details open={answer?.form === "receive-new" || expected.length === 0}>
              <summary className="cursor-pointer font-semibold text-teal-dark">
                Un paiement qui n'était pas prévu : espèces, chèque de plus, coupons, virement…
              </summary>
              <DeskForm id="receive-new" intent="receive" className="mt-3 flex flex-col gap-3">
                <PaymentFields
                  prefix="new"
                  method="cheque"
                  amountCents={null}
                  dueMonth={null}
                  members={active.map((m) => ({ id: m.id, name: m.name, shareCents: null }))}
                />
                <div>
                  <DeskSubmit formId="receive-new">Enregistrer le paiement</DeskSubmit>
                </div>
              </DeskForm>
            </details>
          </section>
        ) : null}

        {checkouts.length > 0 ? (
          <section aria-labelledby="carte" className="card flex flex-col gap-2 p-4">
            <h2 id="carte" className="text-lg font-bold text-ink">
              Paiement par carte (HelloAsso)
            </h2>
            <ul className="flex flex-col gap-1 text-sm">
              {checkouts.map((checkout) => (
                <li key={checkout.id}>
                  {[
                    `Le ${formatNumericDate(checkout.createdAt)}`,
                    `${formatEuros(checkout.amountCents)}${checkout.instalments > 1 ? ` en ${checkout.instalments} fois` : ""}`,
                    CHECKOUT_STATES[checkout.state as CheckoutState] ?? checkout.state,
                    checkout.orderId ? `commande HelloAsso ${checkout.orderId}` : "",
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                  {checkout.lastError ? (
                    <span className="block text-red-700">À vérifier : {checkout.lastError}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="recus" className="flex flex-col gap-3">
          <h2 id="recus" className="text-lg font-bold text-ink">
            Paiements reçus et annulés
          </h2>
          {others.length === 0 ? <p className="text-gray-700">Aucun paiement reçu.</p> : null}
          <ul className="flex flex-col gap-2">
            {others.map((payment) => (
              <li
                key={payment.id}
                className="card flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex flex-col gap-1">
                  <p className="font-semibold">
                    {methodLabel(payment.method)} de {formatEuros(payment.amountCents)}{" "}
                    <Badge
                      tone={
                        payment.status === "received" || payment.status === "deposited"
                          ? "success"
                          : "neutral"
                      }
                    >
                      {PAYMENT_STATUSES[payment.status as PaymentStatus] ?? payment.status}
                    </Badge>
                  </p>
                  <p className="text-sm text-gray-700">
                    {[
                      payment.chequeNumber ? `n° ${payment.chequeNumber}` : "",
                      payment.bank,
                      payment.dueMonth ? dueWhen(payment.method, payment.dueMonth) : "",
                      payment.reference,
                      payment.receivedAt
                        ? `reçu le ${formatNumericDate(payment.receivedAt)} par ${payment.receivedBy}`
                        : "",
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  {payment.status !== "cancelled" && active.length > 1 ? (
                    <p className="text-sm text-gray-700">
                      {payment.shares
                        .map(
                          (s) =>
                            `${active.find((m) => m.id === s.registrationId)?.name ?? "?"} ${formatEuros(s.cents)}`,
                        )
                        .join(" · ")}
                    </p>
                  ) : null}
                </div>
                {payment.status === "received" && editable && !payment.fromHelloAsso ? (
                  <DeskForm id={`cancel-${payment.id}`} intent="cancel-payment">
                    <input type="hidden" name="paymentId" value={payment.id} />
                    <DeskSubmit
                      formId={`cancel-${payment.id}`}
                      variant="danger"
                      confirm={{
                        title: "Annuler ce paiement reçu ?",
                        description:
                          "Il ne comptera plus dans ce que le foyer a payé ; le dossier peut redevenir à payer.",
                        confirmLabel: "Annuler le paiement",
                      }}
                    >
                      Annuler
                    </DeskSubmit>
                  </DeskForm>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
