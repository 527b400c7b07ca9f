import { Link, useActionData, useSearchParams } from "react-router";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { SiteAddressRequired } from "~/components/admin/content/settings/site-address-required";
import { isSiteAddressSet } from "~/core/site-address.server";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { MembershipTabs } from "~/components/admin/membership/membership-tabs";
import {
  DeleteForm,
  DiscountFields,
  SeasonFields,
  TariffFields,
} from "~/components/admin/membership/season-forms";
import { Badge } from "~/components/ui/badge";
import { MEDICAL_RULES, PRACTICES } from "~/domains/membership/membership";
import type {
  DiscountInput,
  SeasonInput,
  TariffInput,
} from "~/domains/membership/membership-season-form";
import { formatEuros } from "~/core/money";
import { tariffsWithCounts, type TariffAdminRow } from "~/domains/membership/season-tariffs.server";
import { seasonDiscountRows } from "~/domains/membership/season-discounts.server";
import { getSeason } from "~/domains/membership/season.server";
import { adminMeta } from "~/utils/admin-route";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { positiveId } from "~/core/form";
import type { Route } from "./+types/membership-season";
import {
  discountInput,
  newTariffInput,
  seasonInput,
  tariffInput,
} from "~/domains/membership/membership-season-input";
import type { SeasonActionResult } from "./membership-seasons.server";
import { seasonAction } from "./membership-seasons.server";
import { MembershipSection } from "~/components/admin/membership/membership-section";

/*
 * /admin/adhesions/saisons/:id: a season's dates and texts, its tariffs (with
 * their registrations against their places) and its household reductions. Each part is a
 * form of its own; an error answers with what was typed and the French message.
 */

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `Saison ${data.season.label}` : "Saison");

async function loadSeason(params: { id: string }) {
  const id = positiveId(params.id);
  const season = id === null ? undefined : await getSeason(id);
  if (!season) throw new Response("Cette saison n'existe pas.", { status: 404 });
  return season;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireCapability(request, "registrations");
  const season = await loadSeason(params);
  const [tariffs, discounts, addressSet] = await Promise.all([
    tariffsWithCounts(season.id),
    seasonDiscountRows(season.id),
    isSiteAddressSet(),
  ]);
  return {
    season: { id: season.id, label: season.label, stamp: season.updated_at },
    input: seasonInput(season),
    tariffs: tariffs.map((tariff) => ({ row: tariff, input: tariffInput(tariff) })),
    discounts: discounts.map((discount) => ({ row: discount, input: discountInput(discount) })),
    addressSet,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireCapability(request, "registrations");
  return seasonAction(request, await loadSeason(params), context);
}

function placesText(tariff: TariffAdminRow): string {
  const registered = `${tariff.active} inscrit${tariff.active > 1 ? "s" : ""}`;
  return tariff.places === null
    ? `${registered} · places sans limite`
    : `${registered} / ${tariff.places} places`;
}

function birthYears(tariff: TariffAdminRow): string {
  const { birth_year_min: min, birth_year_max: max } = tariff;
  if (min === null && max === null) return "Toutes années de naissance";
  if (min === null) return `Né(e) en ${max} ou avant`;
  if (max === null) return `Né(e) en ${min} ou après`;
  return min === max ? `Né(e) en ${min}` : `Né(e) de ${min} à ${max}`;
}

export default function MembershipSeason({ loaderData }: Route.ComponentProps) {
  const { season, input, tariffs, discounts, addressSet } = loaderData;
  const answer = useActionData<SeasonActionResult>();
  useActionToast(answer);
  const [params] = useSearchParams();
  const editing = positiveId(params.get("tarif"));
  /** The answer's typed text and errors when they are for this form. */
  const failed = <T,>(form: string, own: T) =>
    answer?.form === form && answer.errors
      ? { input: (answer.input as T | undefined) ?? own, errors: answer.errors, open: true }
      : { input: own, errors: {}, open: false };
  const seasonForm = failed<SeasonInput>("season", input);
  const newTariff = failed<TariffInput>("tariff:new", newTariffInput(tariffs.length + 1));
  const newDiscount = failed<DiscountInput>("discount:new", discountInput(null));

  return (
    <>
      <AdminPageHeader
        title={`Saison ${season.label}`}
        description={
          <Link to="/admin/adhesions/saisons" className="underline underline-offset-2">
            ← Toutes les saisons
          </Link>
        }
      >
        <MembershipTabs />
        {addressSet ? null : (
          <SiteAddressRequired>
            Les inscriptions en ligne restent fermées aux familles pour l'instant.
          </SiteAddressRequired>
        )}
        {params.get("nouvelle") === "1" && (
          <p
            role="status"
            className="rounded-md border border-teal-200 bg-teal-50 px-4 py-3 text-ink"
          >
            Saison créée, avec les tarifs et réductions de la précédente : vérifiez les montants et
            les années de naissance.
          </p>
        )}
      </AdminPageHeader>
      <div className="flex flex-col gap-8">
        <MembershipSection
          id="saison-dates"
          title="Dates et textes"
          size="xl"
          className="card flex flex-col gap-4 p-4 sm:p-6"
        >
          <SeasonFields
            key={`season-${season.stamp}`}
            input={seasonForm.input}
            errors={seasonForm.errors}
            intent="save-season"
            submitLabel="Enregistrer la saison"
          />
        </MembershipSection>

        <MembershipSection
          id="saison-tarifs"
          title={<>Tarifs ({tariffs.length})</>}
          size="xl"
          className="flex flex-col gap-4"
        >
          {tariffs.length === 0 && (
            <p className="card p-4 text-gray-700">Aucun tarif : ajoutez-en un ci-dessous.</p>
          )}
          <ul className="flex flex-col gap-3">
            {tariffs.map(({ row, input: own }) => {
              const form = failed<TariffInput>(`tariff:${row.id}`, own);
              const deleteError =
                answer?.form === `tariff:${row.id}` && !answer.input
                  ? answer.errors?.form
                  : undefined;
              return (
                <li key={row.id} className="card flex flex-col gap-3 p-4">
                  <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0">
                      <h3 className="text-lg font-bold text-ink">{row.label}</h3>
                      <p className="text-sm text-gray-700">
                        {PRACTICES[row.practice as keyof typeof PRACTICES] ?? row.practice} ·{" "}
                        {birthYears(row)} · club {formatEuros(row.club_cents)} + licence{" "}
                        {formatEuros(row.licence_cents)} ={" "}
                        <strong>{formatEuros(row.club_cents + row.licence_cents)}</strong>
                      </p>
                      <p className="text-sm text-gray-700">
                        {MEDICAL_RULES[row.medical_rule as keyof typeof MEDICAL_RULES]?.label ??
                          row.medical_rule}
                      </p>
                    </div>
                    <div className="flex shrink-0 flex-wrap items-center gap-2">
                      <Badge
                        tone={row.places !== null && row.active >= row.places ? "warning" : "teal"}
                      >
                        {placesText(row)}
                      </Badge>
                      {row.waiting > 0 && (
                        <Badge tone="gold">{row.waiting} en liste d'attente</Badge>
                      )}
                    </div>
                  </div>
                  {deleteError && (
                    <p
                      role="alert"
                      className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800"
                    >
                      {deleteError}
                    </p>
                  )}
                  {form.open || editing === row.id ? (
                    <div className="flex flex-col gap-3 border-t border-gray-200 pt-4">
                      <TariffFields
                        key={row.updated_at}
                        id={row.id}
                        input={form.input}
                        errors={form.errors}
                      />
                      <Link
                        to="."
                        preventScrollReset
                        className="text-sm font-semibold text-teal-dark underline underline-offset-2"
                      >
                        Fermer sans enregistrer
                      </Link>
                    </div>
                  ) : (
                    // One tariff's form at a time, opened by address (ADR 014): the page
                    // stays light whatever the number of tariffs.
                    <Link
                      to={`?tarif=${row.id}`}
                      preventScrollReset
                      className="text-sm font-semibold text-teal-dark underline underline-offset-2"
                    >
                      Modifier « {row.label} »
                    </Link>
                  )}
                  <div>
                    <DeleteForm
                      intent="delete-tariff"
                      id={row.id}
                      label="Supprimer le tarif"
                      title={`Supprimer le tarif « ${row.label} » ?`}
                      description="Il ne sera plus proposé aux familles. Un tarif qui a des inscriptions ne peut pas être supprimé."
                    />
                  </div>
                </li>
              );
            })}
          </ul>
          <details
            // A new key once a tariff is added: the form closes, emptied.
            key={`new-tariff-${tariffs.length}`}
            open={newTariff.open || tariffs.length === 0}
            className="card p-4"
          >
            <summary className="cursor-pointer font-semibold text-teal-dark">
              Ajouter un tarif
            </summary>
            <div className="mt-4">
              <TariffFields
                key={`new-${tariffs.length}`}
                id={null}
                input={newTariff.input}
                errors={newTariff.errors}
              />
            </div>
          </details>
        </MembershipSection>

        <MembershipSection
          id="saison-reductions"
          title="Réductions du foyer"
          size="xl"
          className="card flex flex-col gap-4 p-4 sm:p-6"
        >
          <p className="text-gray-700">
            Déduite de la part du club, à partir du n-ième membre d'un même foyer (la réduction du
            rang le plus proche s'applique).
          </p>
          <ul className="flex flex-col gap-4">
            {discounts.map(({ row, input: own }) => {
              const form = failed<DiscountInput>(`discount:${row.id}`, own);
              return (
                <li key={row.id} className="flex flex-col gap-2 border-b border-gray-200 pb-4">
                  <DiscountFields
                    key={`${row.nth_member}-${row.amount_cents}-${row.label}`}
                    id={row.id}
                    input={form.input}
                    errors={form.errors}
                  />
                  <div>
                    <DeleteForm
                      intent="delete-discount"
                      id={row.id}
                      label="Supprimer la réduction"
                      title={`Supprimer la réduction à partir du ${row.nth_member}e membre ?`}
                      description="Les dossiers déjà envoyés gardent le prix calculé alors."
                    />
                  </div>
                </li>
              );
            })}
          </ul>
          <h3 className="font-bold text-ink">Ajouter une réduction</h3>
          <DiscountFields
            key={`new-${discounts.length}`}
            id={null}
            input={newDiscount.input}
            errors={newDiscount.errors}
          />
        </MembershipSection>
      </div>
    </>
  );
}
