import { History } from "lucide-react";
import { useSearchParams } from "react-router";
import { JournalRows } from "~/components/admin/history/journal-rows";
import { FilteredListResults } from "~/components/admin/list/filtered-list-results";
import {
  DateRangeFields,
  FilterLinks,
  ListSearch,
  SearchField,
} from "~/components/admin/list/list-toolbar";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { Select } from "~/components/ui/select";
import {
  ACTIVITY_KIND_KEYS,
  ACTIVITY_KINDS,
  JOURNAL_KIND_PARAM as KIND_PARAM,
  JOURNAL_PERSON_PARAM as PERSON_PARAM,
} from "~/domains/history/activity";
import { adminMeta } from "~/utils/admin-route";
import type { Route } from "./+types/journal";
import { journalLoader } from "./journal.server";

export const meta: Route.MetaFunction = () => adminMeta("Journal");

export async function loader(args: Route.LoaderArgs) {
  return journalLoader(args);
}

export default function Journal({ loaderData }: Route.ComponentProps) {
  const { everyone, people, filters, list } = loaderData;
  const [params] = useSearchParams();
  const filtered = Boolean(
    filters.kind || filters.from || filters.to || filters.search || (everyone && filters.userId),
  );
  return (
    <>
      <AdminPageHeader
        title="Journal"
        description={
          everyone
            ? "Qui a fait quoi dans l'administration, et quand : les connexions, les modifications du site, du planning et des essais. Le journal garde 13 mois."
            : "Ce que vous avez fait dans l'administration, et quand. Le journal garde 13 mois."
        }
      />
      <div className="mb-4 flex flex-col gap-3">
        <FilterLinks
          name={KIND_PARAM}
          label="Type d'action"
          current={filters.kind}
          choices={[
            { value: null, label: "Toutes" },
            ...ACTIVITY_KIND_KEYS.map((kind) => ({
              value: kind,
              label: ACTIVITY_KINDS[kind].label,
            })),
          ]}
        />
        <ListSearch
          label="Rechercher un élément"
          placeholder="Titre, nom"
          fields={everyone ? [PERSON_PARAM, "du", "au"] : ["du", "au"]}
        >
          {everyone ? (
            <SearchField label="Personne">
              <Select name={PERSON_PARAM} defaultValue={params.get(PERSON_PARAM) ?? ""}>
                <option value="">Tout le monde</option>
                {people.map((person) => (
                  <option key={person.userId} value={person.userId}>
                    {person.username}
                  </option>
                ))}
              </Select>
            </SearchField>
          ) : null}
          <DateRangeFields fromLabel="Depuis le" />
        </ListSearch>
      </div>
      <FilteredListResults
        list={list}
        filtered={filtered}
        label="Pages du journal"
        count={{ all: ["action", "actions"], found: ["action trouvée", "actions trouvées"] }}
        icon={History}
        empty={{
          found: "Aucune action ne correspond à ces filtres.",
          all: "Aucune action enregistrée pour le moment.",
        }}
      >
        <JournalRows rows={list.rows} showWho={everyone} />
      </FilteredListResults>
    </>
  );
}
