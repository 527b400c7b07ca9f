import { FolderOpen } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ListEmpty } from "~/components/admin/list/list-empty";
import { ListPageResults } from "~/components/admin/list/list-page-results";
import { FilterLinks, ListSearch, SearchField } from "~/components/admin/list/list-toolbar";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { FileBadges } from "~/components/admin/membership/file-badges";
import { MembershipTabs } from "~/components/admin/membership/membership-tabs";
import { Select } from "~/components/ui/select";
import { parisToday } from "~/core/club-time";
import { countLabel, readChoice, readPage, readSearch, SEARCH_PARAM } from "~/utils/list-params";
import { formatEuros } from "~/core/money";
import { FILE_FILTER_LABELS, FILE_FILTERS } from "~/domains/membership/membership-desk";
import { listMembershipFiles, listSeasons } from "~/domains/membership/files-list.server";
import { openSeason } from "~/domains/membership/season.server";
import { adminMeta } from "~/utils/admin-route";
import { requireCapability } from "~/domains/volunteers/auth.server";
import type { Route } from "./+types/membership-files";

/*
 * /admin/adhesions: the season's membership files (?saison, the open one by default),
 * filtered by what they lack (?etat), searched (?q: reference, e-mail, names), 25 a page.
 */

export const meta: Route.MetaFunction = () => adminMeta("Adhésions");

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "registrations");
  const params = new URL(request.url).searchParams;
  const seasons = await listSeasons();
  const asked = Number(params.get("saison"));
  const open = await openSeason(parisToday());
  const season =
    seasons.find((s) => s.id === asked) ??
    seasons.find((s) => s.id === open?.id) ??
    seasons[0] ??
    null;
  if (!season) return { seasons, seasonId: null, list: null };
  const list = await listMembershipFiles({
    seasonId: season.id,
    filter: readChoice(params, "etat", FILE_FILTERS, null),
    search: readSearch(params),
    page: readPage(params),
  });
  return { seasons, seasonId: season.id, list };
}

export default function MembershipFiles({ loaderData }: Route.ComponentProps) {
  const { seasons, seasonId, list } = loaderData;
  const [params] = useSearchParams();
  const filter = readChoice(params, "etat", FILE_FILTERS, null);
  return (
    <>
      <AdminPageHeader
        title="Adhésions"
        description="Les dossiers d'adhésion de la saison : ce qui est payé, ce qui manque, qui attend une place."
      >
        <MembershipTabs />
      </AdminPageHeader>
      {!list || seasonId === null ? (
        <ListEmpty icon={FolderOpen}>
          <p className="text-gray-700">Aucune saison d'adhésion pour le moment.</p>
        </ListEmpty>
      ) : (
        <>
          <div className="mb-4 flex flex-col gap-3">
            <FilterLinks
              name="etat"
              label="État du dossier"
              current={filter}
              choices={[null, ...FILE_FILTERS].map((value) => ({
                value,
                label: FILE_FILTER_LABELS[value ?? "tous"],
                count: list.counts[value ?? "tous"],
              }))}
            />
            <ListSearch
              label="Rechercher un dossier"
              placeholder="Référence, nom, e-mail"
              fields={["saison"]}
            >
              <SearchField label="Saison">
                <Select
                  name="saison"
                  defaultValue={String(seasonId)}
                  options={seasons.map((s) => ({ value: String(s.id), label: s.label }))}
                />
              </SearchField>
            </ListSearch>
          </div>
          <ListPageResults
            list={list}
            summary={countLabel(list.total, "dossier")}
            empty={
              <ListEmpty icon={FolderOpen}>
                <p className="text-gray-700">
                  {params.get(SEARCH_PARAM)
                    ? "Aucun dossier ne correspond à cette recherche."
                    : filter
                      ? "Aucun dossier dans cet état."
                      : "Aucun dossier envoyé pour cette saison."}
                </p>
              </ListEmpty>
            }
          >
            <ul className="flex flex-col gap-3">
              {list.rows.map((row) => (
                <li
                  key={row.id}
                  className="card flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between"
                >
                  <div className="flex min-w-0 flex-col gap-1">
                    <Link
                      to={`/admin/adhesions/dossiers/${row.id}`}
                      className="font-bold text-teal-dark underline"
                    >
                      {row.reference ?? `Brouillon n° ${row.id}`}
                    </Link>
                    <p className="text-ink">
                      {row.householdName || "Foyer sans nom"}
                      {row.email ? <span className="text-gray-700"> · {row.email}</span> : null}
                    </p>
                    <p className="text-sm text-gray-700">
                      {row.members.length === 0
                        ? "Aucun adhérent encore"
                        : row.members
                            .map((m) =>
                              m.status === "waiting" ? `${m.name} (en attente)` : m.name,
                            )
                            .join(", ")}
                    </p>
                    <FileBadges status={row.status} flags={row.flags} />
                  </div>
                  <dl className="grid shrink-0 grid-cols-2 gap-x-4 text-sm sm:text-right">
                    <dt className="text-gray-700">Dû</dt>
                    <dd className="font-semibold tabular-nums">{formatEuros(row.owedCents)}</dd>
                    <dt className="text-gray-700">Reçu</dt>
                    <dd className="font-semibold tabular-nums">{formatEuros(row.receivedCents)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          </ListPageResults>
        </>
      )}
    </>
  );
}
