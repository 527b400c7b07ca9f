import type { ReactNode } from "react";
import { formatEuros } from "~/core/money";
import { DeskForm, DeskSubmit, PaymentFields } from "~/components/admin/membership/desk-forms";
import type { FileMember } from "~/components/admin/membership/file-member-card";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import type { ButtonVariant } from "~/components/ui/button";
import {
  CHECKOUT_STATES,
  PAYMENT_STATUSES,
  type CheckoutState,
  type PaymentStatus,
} from "~/domains/membership/membership";
import { methodLabel } from "~/domains/membership/membership-desk";
import { monthLabel } from "~/domains/membership/membership-form";
import type { FileDesk } from "~/domains/membership/file-desk.server";
import { formatNumericDate } from "~/core/date-format";
import { MembershipSection } from "./membership-section";
import { SpreadRow } from "~/components/admin/list/spread-row";

/*
 * The payments of a membership file at the desk (/admin/adhesions/dossiers/:id): those expected
 * (marked received there), the card checkouts with HelloAsso, and those received, rejected
 * by the bank (a deposited cheque: « Chèque rejeté ») or cancelled.
 */

type FilePayment = FileDesk["payments"][number];

const STATUS_TONES: Partial<Record<string, BadgeTone>> = {
  received: "success",
  deposited: "success",
  rejected: "danger",
};

/** « à encaisser en octobre 2026 » (a cheque), « prélevée en octobre 2026 » (a card instalment). */
function dueWhen(method: string, month: string): string {
  return `${method === "card" ? "prélevée" : "à encaisser"} en ${monthLabel(month)}`;
}

/** An act on one payment after a confirmation: « Annuler » it, or mark a cheque rejected. */
function PaymentActForm({
  paymentId,
  intent = "cancel-payment",
  confirmLabel = "Annuler le paiement",
  variant,
  title,
  description,
  children,
}: {
  paymentId: number;
  intent?: "cancel-payment" | "reject-cheque";
  confirmLabel?: string;
  variant: ButtonVariant;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = `${intent}-${paymentId}`;
  return (
    <DeskForm id={id} intent={intent}>
      <input type="hidden" name="paymentId" value={paymentId} />
      <DeskSubmit formId={id} variant={variant} confirm={{ title, description, confirmLabel }}>
        {children}
      </DeskSubmit>
    </DeskForm>
  );
}

export function ExpectedPayments({
  expected,
  active,
  dueCents,
  editable,
}: {
  expected: FilePayment[];
  active: FileMember[];
  dueCents: number;
  editable: boolean;
}) {
  const expectedCents = expected.reduce((sum, p) => sum + p.amountCents, 0);
  return (
    <MembershipSection
      id="attendus"
      title="Paiements attendus"
      size="lg"
      className="flex flex-col gap-3"
    >
      {expected.length === 0 ? <p className="text-gray-700">Aucun paiement attendu.</p> : null}
      {editable && dueCents > expectedCents ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-ink">
          Les paiements attendus ne couvrent pas ce qui reste à payer (
          {formatEuros(dueCents - expectedCents)} de plus), par exemple après une place donnée sur
          la liste d'attente : ajoutez le paiement manquant ci-dessous.
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
            <DeskForm id={`receive-${payment.id}`} intent="receive" className="flex flex-col gap-3">
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
                  shareCents: payment.shares.find((s) => s.registrationId === m.id)?.cents ?? null,
                }))}
              />
              <div className="flex flex-wrap gap-2">
                <DeskSubmit formId={`receive-${payment.id}`}>Marquer comme reçu</DeskSubmit>
              </div>
            </DeskForm>
          ) : null}
          {editable && !payment.fromHelloAsso ? (
            <PaymentActForm
              paymentId={payment.id}
              variant="ghost"
              title="Annuler ce paiement attendu ?"
              description="Il ne comptera plus dans ce que le foyer a prévu de payer."
            >
              Annuler ce paiement
            </PaymentActForm>
          ) : null}
        </article>
      ))}
    </MembershipSection>
  );
}

export function CardCheckouts({ checkouts }: { checkouts: FileDesk["checkouts"] }) {
  return (
    <MembershipSection
      id="carte"
      title="Paiement par carte (HelloAsso)"
      size="lg"
      className="card flex flex-col gap-2 p-4"
    >
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
    </MembershipSection>
  );
}

export function ReceivedPayments({
  others,
  active,
  editable,
}: {
  others: FilePayment[];
  active: FileMember[];
  editable: boolean;
}) {
  return (
    <MembershipSection
      id="recus"
      title="Paiements reçus et annulés"
      size="lg"
      className="flex flex-col gap-3"
    >
      {others.length === 0 ? <p className="text-gray-700">Aucun paiement reçu.</p> : null}
      <ul className="flex flex-col gap-2">
        {others.map((payment) => (
          <SpreadRow key={payment.id} className="card gap-2 p-3">
            <div className="flex flex-col gap-1">
              <p className="font-semibold">
                {methodLabel(payment.method)} de {formatEuros(payment.amountCents)}{" "}
                <Badge tone={STATUS_TONES[payment.status] ?? "neutral"}>
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
                  payment.rejectedAt
                    ? `rejeté par la banque le ${formatNumericDate(payment.rejectedAt)} : de nouveau dû`
                    : "",
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              {payment.status !== "cancelled" &&
              payment.status !== "rejected" &&
              active.length > 1 ? (
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
              <PaymentActForm
                paymentId={payment.id}
                variant="danger"
                title="Annuler ce paiement reçu ?"
                description="Il ne comptera plus dans ce que le foyer a payé ; le dossier peut redevenir à payer."
              >
                Annuler
              </PaymentActForm>
            ) : null}
            {payment.status === "deposited" &&
            payment.method === "cheque" &&
            editable &&
            !payment.fromHelloAsso ? (
              <PaymentActForm
                paymentId={payment.id}
                intent="reject-cheque"
                confirmLabel="Marquer rejeté"
                variant="danger"
                title="Ce chèque a été rejeté par la banque ?"
                description="Il ne comptera plus dans ce que le foyer a payé : son montant sera de nouveau dû."
              >
                Chèque rejeté
              </PaymentActForm>
            ) : null}
          </SpreadRow>
        ))}
      </ul>
    </MembershipSection>
  );
}
