import { agree } from "~/core/french";
import { ArrowLeft, FileDown } from "lucide-react";
import { Link, useActionData } from "react-router";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { formatNumericDate } from "~/core/date-format";
import { DeskForm, DeskSubmit } from "~/components/admin/membership/desk-forms";
import { MembershipTabs } from "~/components/admin/membership/membership-tabs";
import { Badge } from "~/components/ui/badge";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SEXES, type Sex } from "~/domains/membership/membership";
import { actorOf } from "~/domains/history/activity-log.server";
import { DeskError } from "~/domains/membership/desk.server";
import { readMember, recordLicence, recordMedical } from "~/domains/membership/member-page.server";
import { adminMeta } from "~/utils/admin-route";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { formText, positiveId, readForm } from "~/core/form";
import { getClientIp } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";
import type { Route } from "./+types/membership-member";
import { MembershipSection } from "~/components/admin/membership/membership-section";

/*
 * /admin/adhesions/adherents/:registrationId: a member's page. Its loader journals every
 * reading ("member.viewed"), the medical check and the licence are recorded here.
 */

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? data.name : "Adhérent");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireCapability(request, "registrations");
  const id = positiveId(params.registrationId ?? null);
  const member = id === null ? null : await readMember(id, actorOf(session, getClientIp(context)));
  if (!member) throw new Response("Adhérent introuvable", { status: 404 });
  return member;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await requireCapability(request, "registrations");
  const form = await readForm(request);
  const formKey = formText(form, ["form"]).form;
  const fail = (message: string, status = 400) =>
    toastResult({ type: "error", message }, { error: message, form: formKey }, status);
  const registrationId = positiveId(params.registrationId ?? null);
  if (registrationId === null) return fail("Cet adhérent n'existe pas.", 404);
  const actor = actorOf(session, getClientIp(context));
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  try {
    switch (text("intent")) {
      case "medical": {
        const kind = text("kind");
        await recordMedical(actor, {
          registrationId,
          kind: kind === "questionnaire" ? "questionnaire" : kind === "none" ? null : "certificate",
          certificateDate: text("certificateDate"),
        });
        return toastResult(
          { type: "success", message: "Contrôle médical enregistré." },
          { form: formKey },
        );
      }
      case "licence":
        await recordLicence(actor, {
          registrationId,
          number: text("licenceNumber"),
          taken: text("taken") === "1",
        });
        return toastResult({ type: "success", message: "Licence enregistrée." }, { form: formKey });
      default:
        return fail("Action inconnue");
    }
  } catch (caught) {
    if (caught instanceof DeskError) return fail(caught.message);
    throw caught;
  }
}

export default function MembershipMember({ loaderData: member }: Route.ComponentProps) {
  useActionToast(useActionData());
  const { medical, licence } = member;
  return (
    <>
      <AdminPageHeader
        title={member.name}
        description={`Saison ${member.season} · dossier ${member.reference ?? member.fileId}`}
        actions={
          <>
            <Link
              to={`/admin/adhesions/dossiers/${member.fileId}`}
              className="btn btn-secondary btn-md"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Le dossier
            </Link>
            {member.paidCents > 0 ? (
              <a
                href={`/admin/adhesions/adherents/${member.id}/attestation.pdf`}
                className="btn btn-secondary btn-md"
                download
              >
                <FileDown aria-hidden="true" className="size-4" />
                Attestation de paiement (PDF)
              </a>
            ) : null}
          </>
        }
      >
        <MembershipTabs />
      </AdminPageHeader>
      <div className="flex flex-col gap-6">
        <MembershipSection
          id="identite"
          title="Identité"
          size="lg"
          className="card flex flex-col gap-2 p-4"
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-gray-700">{agree(member.sex, "Né")} le</dt>
            <dd>
              {formatNumericDate(member.birthDate)} ({member.age} ans)
              {member.minor ? (
                <Badge tone="gold" className="ml-2">
                  {agree(member.sex, "Mineur", "Mineure", "Mineur")}
                </Badge>
              ) : null}
            </dd>
            <dt className="text-gray-700">Sexe</dt>
            <dd>{SEXES[member.sex as Sex] ?? member.sex}</dd>
            <dt className="text-gray-700">Tarif</dt>
            <dd>
              {member.tariff}
              {member.status === "waiting" ? " (liste d'attente)" : ""}
            </dd>
          </dl>
          {member.guardians.length > 0 ? (
            <ul className="text-sm text-gray-700">
              {member.guardians.map((g, i) => (
                <li key={i}>
                  Responsable légal : {g.firstName} {g.lastName}
                  {g.relation ? ` (${g.relation})` : ""}
                  {g.phone ? ` · ${g.phone}` : ""}
                </li>
              ))}
            </ul>
          ) : null}
        </MembershipSection>

        <MembershipSection
          id="consentements"
          title="Consentements"
          size="lg"
          className="card flex flex-col gap-2 p-4"
        >
          {member.consents.length === 0 ? <p className="text-gray-700">Aucun.</p> : null}
          <ul className="flex flex-col gap-2">
            {member.consents.map((c) => (
              <li key={c.kind} className="text-sm">
                <span className="font-semibold">{c.accepted ? "Accepté" : "Refusé"}</span> :{" "}
                {c.label}
                <span className="block text-gray-700">
                  le {formatNumericDate(c.at)} par {c.by} · version du texte {c.version}
                </span>
              </li>
            ))}
          </ul>
        </MembershipSection>

        <MembershipSection
          id="medical"
          title="Contrôle médical"
          size="lg"
          className="card flex flex-col gap-3 p-4"
        >
          <p className="text-sm text-gray-700">{member.medicalText}</p>
          <p className="font-semibold">
            {medical.seenAt
              ? medical.kind === "questionnaire" && !medical.certificateDate
                ? `Attestation du questionnaire de santé vue le ${formatNumericDate(medical.seenAt)} par ${medical.seenBy}`
                : `Certificat daté du ${formatNumericDate(medical.certificateDate ?? medical.seenAt)} vu le ${formatNumericDate(medical.seenAt)} par ${medical.seenBy}`
              : "Pas encore vu."}
          </p>
          <DeskForm
            id="medical-certificate"
            intent="medical"
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <input type="hidden" name="kind" value="certificate" />
            <Field label="Date du certificat" id="certificate-date">
              <Input
                name="certificateDate"
                type="date"
                defaultValue={medical.certificateDate ?? ""}
                required
              />
            </Field>
            <div>
              <DeskSubmit formId="medical-certificate">Certificat vu</DeskSubmit>
            </div>
          </DeskForm>
          {member.medicalRule === "questionnaire" ? (
            <DeskForm id="medical-questionnaire" intent="medical">
              <input type="hidden" name="kind" value="questionnaire" />
              <DeskSubmit formId="medical-questionnaire" variant="secondary">
                Attestation du questionnaire vue
              </DeskSubmit>
            </DeskForm>
          ) : null}
          {medical.seenAt ? (
            <DeskForm id="medical-clear" intent="medical">
              <input type="hidden" name="kind" value="none" />
              <DeskSubmit formId="medical-clear" variant="ghost">
                Effacer le contrôle
              </DeskSubmit>
            </DeskForm>
          ) : null}
        </MembershipSection>

        <MembershipSection
          id="licence"
          title="Licence"
          size="lg"
          className="card flex flex-col gap-3 p-4"
        >
          <p>
            {licence.takenAt
              ? `Licence prise sur le site de la fédération le ${formatNumericDate(licence.takenAt)}.`
              : "Licence pas encore prise sur le site de la fédération."}
          </p>
          <DeskForm id="licence-form" intent="licence" className="flex flex-col gap-3">
            <Field label="Numéro de licence" id="licence-number">
              <Input
                name="licenceNumber"
                maxLength={30}
                defaultValue={licence.number}
                autoComplete="off"
              />
            </Field>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                name="taken"
                value="1"
                defaultChecked={Boolean(licence.takenAt)}
                className="size-5"
              />
              Licence prise sur le site de la fédération
            </label>
            <div>
              <DeskSubmit formId="licence-form">Enregistrer la licence</DeskSubmit>
            </div>
          </DeskForm>
        </MembershipSection>
      </div>
    </>
  );
}
