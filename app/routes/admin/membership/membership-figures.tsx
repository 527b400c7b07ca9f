import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { MembershipTabs } from "~/components/admin/membership/membership-tabs";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { parisToday } from "~/core/club-time";
import { formatEuros } from "~/core/money";
import { EXPORT_KIND_KEYS, EXPORT_KINDS } from "~/domains/membership/membership-exports";
import { seasonFigures, type CountLine } from "~/domains/membership/figures.server";
import { chosenSeason, seasonChoices } from "~/domains/membership/season-choice.server";
import { adminMeta } from "~/utils/admin-route";
import { requireCapability } from "~/domains/volunteers/auth.server";
import type { Route } from "./+types/membership-figures";
import { MembershipSection } from "~/components/admin/membership/membership-section";

/*
 * /admin/adhesions/bilan « Bilan et chiffres »: a season's amounts due, received
 * and still to receive, by payment method, and its members by age band (the federation's:
 * at the season's start), sex, practice, minors and adults; each table and the members'
 * lists downloadable as CSV.
 */

export const meta: Route.MetaFunction = () => adminMeta("Bilan et chiffres");

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "registrations");
  const asked = new URL(request.url).searchParams.get("saison");
  const [season, choices] = await Promise.all([chosenSeason(asked, parisToday()), seasonChoices()]);
  if (!season) return { season: null, choices, figures: null };
  return {
    season: { id: season.id, label: season.label, starts_on: season.starts_on },
    choices,
    figures: await seasonFigures(season),
  };
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // Focusable, so a keyboard can scroll a table wider than a phone.
    <div className="card overflow-x-auto p-0" tabIndex={0} role="group" aria-label={caption}>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="px-4 pt-4 pb-2 text-left text-base font-bold text-ink">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-gray-200 bg-gray-50">
            {head.map((cell, index) => (
              <th
                key={cell}
                scope="col"
                className={`px-4 py-2 font-semibold text-gray-800 ${index > 0 ? "text-right" : ""}`}
              >
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-b border-gray-100 last:border-0">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="px-4 py-2 font-normal text-ink">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="px-4 py-2 text-right tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Members counted by women, men and in all, one line a group (age band, practice…). */
function BySexTable({
  caption,
  first,
  lines,
}: {
  caption: string;
  /** The heading of the groups' column. */
  first: string;
  lines: CountLine[];
}) {
  return (
    <Table
      caption={caption}
      head={[first, "Femmes", "Hommes", "Total"]}
      rows={lines.map((line) => [line.label, line.F, line.M, line.total])}
    />
  );
}

export default function MembershipFigures({ loaderData }: Route.ComponentProps) {
  const { season, choices, figures } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Bilan et chiffres"
        description="Les montants de la saison et ses adhérents comme les demandent les dossiers de subvention. Les adhérents comptés sont les inscrits (la liste d'attente à part) ; les âges sont ceux du début de la saison."
      >
        <MembershipTabs />
      </AdminPageHeader>
      {!season || !figures ? (
        <p className="card p-6 text-gray-700">
          Aucune saison : créez-en une dans « Saisons et tarifs ».
        </p>
      ) : (
        <div className="flex flex-col gap-6">
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <Field label="Saison" className="min-w-48">
              <Select
                name="saison"
                defaultValue={String(season.id)}
                options={choices.map((choice) => ({
                  value: String(choice.id),
                  label: choice.label,
                }))}
              />
            </Field>
            <Button type="submit" variant="secondary">
              Afficher
            </Button>
          </Form>

          <MembershipSection
            id="bilan-montants"
            title={<>Montants de la saison {season.label}</>}
            size="xl"
            className="flex flex-col gap-3"
          >
            <dl className="grid gap-3 sm:grid-cols-3">
              {[
                ["Dû", figures.owedCents, "Les inscriptions actives, réductions déduites."],
                ["Reçu", figures.receivedCents, "Les paiements reçus ou remis en banque."],
                ["Reste à recevoir", figures.remainingCents, "Dû moins reçu."],
              ].map(([label, cents, note]) => (
                <div key={label as string} className="card p-4">
                  <dt className="text-sm font-semibold text-gray-700">{label}</dt>
                  <dd className="text-2xl font-bold text-ink tabular-nums">
                    {formatEuros(cents as number)}
                  </dd>
                  <dd className="text-sm text-gray-600">{note}</dd>
                </div>
              ))}
            </dl>
            <Table
              caption="Par mode de paiement"
              head={["Mode", "Reçus", "Montant reçu", "Attendus", "Montant attendu"]}
              rows={
                figures.byMethod.length === 0
                  ? [["Aucun paiement", "", "", "", ""]]
                  : figures.byMethod.map((line) => [
                      line.label,
                      line.receivedCount,
                      formatEuros(line.receivedCents),
                      line.expectedCount,
                      formatEuros(line.expectedCents),
                    ])
              }
            />
          </MembershipSection>

          <MembershipSection
            id="bilan-adherents"
            title={
              <>
                Adhérents : {figures.members} inscrit{figures.members > 1 ? "s" : ""}
                {figures.waiting > 0 ? `, ${figures.waiting} en liste d'attente` : ""}
              </>
            }
            size="xl"
            className="flex flex-col gap-3"
          >
            <p className="text-sm text-gray-700">
              {figures.filesSubmitted} dossier{figures.filesSubmitted > 1 ? "s" : ""} envoyé
              {figures.filesSubmitted > 1 ? "s" : ""}.
            </p>
            <div className="grid gap-4 lg:grid-cols-2">
              <BySexTable
                caption="Par tranche d'âge (au début de la saison)"
                first="Âge"
                lines={figures.ageBands}
              />
              <BySexTable
                caption="Mineurs et majeurs"
                first="Catégorie"
                lines={[figures.minors, figures.adults]}
              />
              <BySexTable caption="Par pratique" first="Pratique" lines={figures.practices} />
              <Table
                caption="Par sexe"
                head={["Sexe", "Adhérents"]}
                rows={figures.sexes.map((line) => [line.label, line.count])}
              />
            </div>
          </MembershipSection>

          <MembershipSection
            id="bilan-exports"
            title="Exports (CSV pour Excel)"
            size="xl"
            className="card flex flex-col gap-3 p-4 sm:p-6"
          >
            <ul className="flex flex-wrap gap-2">
              {EXPORT_KIND_KEYS.map((kind) => (
                <li key={kind}>
                  <a
                    href={`/admin/adhesions/export/${kind}?saison=${season.id}`}
                    download
                    className={buttonClasses({
                      variant: kind === "figures" ? "primary" : "secondary",
                    })}
                  >
                    <Download aria-hidden="true" className="size-4" />
                    {kind === "figures" ? "Télécharger (CSV)" : EXPORT_KINDS[kind].label}
                  </a>
                </li>
              ))}
            </ul>
          </MembershipSection>
        </div>
      )}
    </>
  );
}
