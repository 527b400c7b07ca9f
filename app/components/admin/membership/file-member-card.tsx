import { euroFigure, formatEuros } from "~/core/money";
import { Link } from "react-router";
import { DeskForm, DeskSubmit } from "~/components/admin/membership/desk-forms";
import { Badge } from "~/components/ui/badge";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { FileDesk } from "~/domains/membership/file-desk.server";
import { formatNumericDate } from "~/core/date-format";

/*
 * One member of a membership file at the desk (/admin/adhesions/dossiers/:id): their share, and
 * while the file is open, the place given from the waiting list, the Pass'Sport check and an
 * exceptional discount.
 */

export type FileMember = FileDesk["members"][number];

export function FileMemberCard({ member, editable }: { member: FileMember; editable: boolean }) {
  return (
    <article aria-label={member.name} className="card flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-bold text-ink">
          <Link to={`/admin/adhesions/adherents/${member.id}`} className="text-teal-dark underline">
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
          Part due <strong className="tabular-nums">{formatEuros(member.owedCents)}</strong> · payée{" "}
          <strong className="tabular-nums">{formatEuros(member.paidCents)}</strong>
        </p>
      ) : null}
      {member.status === "waiting" && editable ? (
        <DeskForm id={`place-${member.id}`} intent="give-place" className="flex flex-col gap-2">
          <input type="hidden" name="registrationId" value={member.id} />
          <p className="text-sm text-gray-700">
            En liste d'attente : ne doit rien tant qu'aucune place n'est donnée. Une fois la place
            donnée, ajoutez son paiement ci-dessous.
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
              <Input name="reason" maxLength={200} defaultValue={member.manualDiscountReason} />
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
  );
}
