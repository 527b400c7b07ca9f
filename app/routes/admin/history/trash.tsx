import { Trash2 } from "lucide-react";
import { FilteredListResults } from "~/components/admin/list/filtered-list-results";
import { FilterLinks, ListSearch } from "~/components/admin/list/list-toolbar";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { TrashRows } from "~/components/admin/history/trash-rows";
import { TRASH_KIND_PARAM, TRASH_RETENTION_DAYS } from "~/domains/history/trash";
import { adminMeta } from "~/utils/admin-route";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import type { Route } from "./+types/trash";
import { trashAction, trashLoader } from "./trash.server";

export const meta: Route.MetaFunction = () => adminMeta("Corbeille");

export async function loader(args: Route.LoaderArgs) {
  return trashLoader(args);
}

export async function action({ request, context }: Route.ActionArgs) {
  return trashAction(request, context);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

export default function Trash({ loaderData }: Route.ComponentProps) {
  const { kinds, filters, list } = loaderData;
  const filtered = Boolean(filters.kind || filters.search);
  return (
    <>
      <AdminPageHeader
        title="Corbeille"
        description={`Ce qui a été supprimé ces ${TRASH_RETENTION_DAYS}\u00a0derniers jours\u00a0: «\u00a0Restaurer\u00a0» le remet à sa place, avec son image, son adresse et son rang dans sa liste. Passé ${TRASH_RETENTION_DAYS}\u00a0jours, un élément est supprimé définitivement.`}
      />
      <div className="mb-4 flex flex-col gap-3">
        {kinds.length > 1 ? (
          <FilterLinks
            name={TRASH_KIND_PARAM}
            label="Type d'élément"
            current={filters.kind}
            choices={[{ value: null, label: "Tous" }, ...kinds]}
          />
        ) : null}
        <ListSearch label="Rechercher un élément" placeholder="Titre, nom" />
      </div>
      <FilteredListResults
        list={list}
        filtered={filtered}
        label="Pages de la corbeille"
        count={{ all: ["élément", "éléments"], found: ["élément trouvé", "éléments trouvés"] }}
        icon={Trash2}
        empty={{
          found: "Aucun élément ne correspond à ces filtres.",
          all: "La corbeille est vide.",
        }}
      >
        <TrashRows rows={list.rows} />
      </FilteredListResults>
    </>
  );
}
