import { formatEuros } from "~/core/money";
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
import { FileMemberCard } from "~/components/admin/membership/file-member-card";
import {
  CardCheckouts,
  ExpectedPayments,
  ReceivedPayments,
} from "~/components/admin/membership/file-payments";
import { MembershipTabs } from "~/components/admin/membership/membership-tabs";
import { loadFileDesk } from "~/domains/membership/file-desk.server";
import { newDeskKey } from "~/domains/membership/desk-once.server";
import { adminMeta } from "~/utils/admin-route";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { positiveId } from "~/core/form";
import type { Toast } from "~/utils/toast";
import { formatNumericDate } from "~/core/date-format";
import type { Route } from "./+types/membership-file";
import { membershipFileAction } from "./membership-file.server";

/*
 * /admin/adhesions/dossiers/:id: a file and « Réception du dossier », what the desk
 * records when the family hands over its cheques, cash or vouchers. Its members and its
 * payments are components/admin/membership/file-member-card.tsx and file-payments.tsx.
 */

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data?.file.reference ? `Dossier ${data.file.reference}` : "Dossier d'adhésion");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireCapability(request, "registrations");
  const id = positiveId(params.id ?? null);
  const desk = id === null ? null : await loadFileDesk(id);
  if (!desk) throw new Response("Dossier introuvable", { status: 404 });
  // The one-time key of this page's forms: each records once (desk-once.server.ts).
  return { ...desk, deskKey: newDeskKey() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return membershipFileAction(request, positiveId(params.id ?? null), context);
}

export default function MembershipFile({ loaderData }: Route.ComponentProps) {
  const { file, household, members, payments, balance, flags, checkouts } = loaderData;
  const answer = useActionData<typeof action>() as (DeskAnswer & { toast?: Toast }) | undefined;
  useActionToast(answer);
  const active = members.filter((m) => m.status === "active");
  const expected = payments.filter((p) => p.status === "expected");
  const others = payments.filter((p) => p.status !== "expected");
  const rejected = payments.filter((p) => p.status === "rejected");
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
          {rejected.length > 0 ? (
            <p role="status" className="rounded-md border border-red-300 bg-red-50 p-3 text-ink">
              {rejected.length > 1
                ? `${rejected.length} chèques ont été rejetés par la banque`
                : "Un chèque a été rejeté par la banque"}{" "}
              ({formatEuros(rejected.reduce((sum, p) => sum + p.amountCents, 0))}) : ce montant est
              de nouveau dû. Ajoutez le paiement qui le remplace.
            </p>
          ) : null}
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
            <FileMemberCard key={member.id} member={member} editable={editable} />
          ))}
        </section>

        <ExpectedPayments
          expected={expected}
          active={active}
          dueCents={balance.dueCents}
          editable={editable}
        />

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

        {checkouts.length > 0 ? <CardCheckouts checkouts={checkouts} /> : null}

        <ReceivedPayments others={others} active={active} editable={editable} />
      </div>
    </>
  );
}
