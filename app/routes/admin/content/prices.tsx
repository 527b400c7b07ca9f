import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import {
  ListDraftPage,
  useListSave,
  type ListSaveAnswer,
} from "~/components/admin/forms/list-draft-editor";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { foldSavedList, useListDraft } from "~/components/admin/forms/use-list-draft";
import { PriceCard, type DraftPrice } from "~/components/admin/content/prices/price-card";
import { formatEuros } from "~/core/money";
import { PRICE_MESSAGES, PriceListSchema } from "~/domains/content/price-schema";
import { getPricesForEdit, type Price } from "~/domains/content/price.server";
import { adminMeta, loadOrExplain } from "~/utils/admin-route";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import type { Route } from "./+types/prices";
import { pricesAction } from "./prices.server";

export const meta: Route.MetaFunction = () => adminMeta("Tarifs");

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "registrations");
  return loadOrExplain(
    getPricesForEdit,
    { prices: [] as Price[], version: "" },
    PRICE_MESSAGES.loadFailed,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return pricesAction(request, context);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

const toDrafts = (prices: Price[]): DraftPrice[] =>
  prices.map((price) => ({
    key: `p${price.id}`,
    label: price.label,
    audience: price.audience,
    amount: formatEuros(price.amount_cents, { sign: false }),
    includes_licence: price.includes_licence,
    includes_insurance: price.includes_insurance,
    notes: price.notes,
  }));

/** What is saved of a price (its key aside: the list is replaced whole). */
const values = (prices: DraftPrice[]) => prices.map(({ key: _key, ...price }) => price);

export default function Prices({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<ListSaveAnswer>();
  useActionToast(fetcher.data);
  const list = useListDraft({
    rows: loaderData.prices,
    version: loaderData.version,
    toDrafts,
    values,
    answers: [{ data: fetcher.data, fold: foldSavedList }],
  });
  const { errors, save, saving } = useListSave({
    fetcher,
    list,
    field: "prices",
    values,
    schema: PriceListSchema,
    invalidMessage: PRICE_MESSAGES.invalid,
  });

  return (
    <ListDraftPage
      title="Tarifs"
      description="Les tarifs de la saison affichés sur la page Tarifs et sa version imprimable, regroupés par public, dans cet ordre. Vérifiez les montants : ceux d'une nouvelle installation sont des exemples."
      actions={<HistoryPanel type="price" id="tarifs" />}
      loadError={loaderData.loadError}
      list={list}
      field="prices"
      errors={errors}
      empty="Aucun tarif. Ajoutez-en un : il sera affiché sur la page Tarifs une fois sauvegardé."
      card={(price, entry) => <PriceCard price={price} {...entry} />}
      removal={{
        name: (price) => price.label.trim() || "ce tarif",
        description: "Il disparaîtra de la page Tarifs une fois la liste sauvegardée.",
      }}
      addLabel="Ajouter un tarif"
      blank={(prices) => ({
        label: "",
        audience: prices.at(-1)?.audience ?? "adultes",
        amount: "",
        includes_licence: true,
        includes_insurance: true,
        notes: "",
      })}
      onSave={save}
      saving={saving}
    />
  );
}
