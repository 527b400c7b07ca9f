import { Plus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { SaveButton } from "~/components/admin/forms/buttons";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { StickyActions } from "~/components/admin/forms/sticky-actions";
import { UnsavedBanner } from "~/components/admin/forms/unsaved-changes";
import { showToast, useActionToast } from "~/components/admin/forms/use-action-toast";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { foldSavedList, useListDraft } from "~/components/admin/forms/use-list-draft";
import { PriceCard, type DraftPrice } from "~/components/admin/content/prices/price-card";
import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { formatEuros } from "~/core/money";
import { PRICE_MESSAGES, PriceListSchema } from "~/domains/content/price-schema";
import { getPricesForEdit, type Price } from "~/domains/content/price.server";
import { adminMeta } from "~/utils/admin-route";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { errorsUnder, fieldErrors, type FieldErrors } from "~/core/form";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import type { Toast } from "~/utils/toast";
import type { Route } from "./+types/prices";
import { pricesAction } from "./prices.server";

export const meta: Route.MetaFunction = () => adminMeta("Tarifs");

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "registrations");
  try {
    return { ...(await getPricesForEdit()), loadError: null };
  } catch (error) {
    console.error(error);
    return { prices: [] as Price[], version: "", loadError: PRICE_MESSAGES.loadFailed };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return pricesAction(request, context);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

type Result = { toast?: Toast; version?: string; savedCount?: number; errors?: FieldErrors };

let keys = 0;
const newKey = () => `nouveau-${++keys}`;

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
  const fetcher = useFetcher<Result>();
  useActionToast(fetcher.data);
  const [confirm, confirmDialog] = useConfirm();
  const list = useListDraft({
    rows: loaderData.prices,
    version: loaderData.version,
    toDrafts,
    values,
    answers: [{ data: fetcher.data, fold: foldSavedList }],
  });
  const { draft, dirty } = list;
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? fetcher.data?.errors ?? {};

  function add() {
    list.setDraft((prices) => [
      ...prices,
      {
        key: newKey(),
        label: "",
        audience: prices.at(-1)?.audience ?? "adultes",
        amount: "",
        includes_licence: true,
        includes_insurance: true,
        notes: "",
      },
    ]);
  }

  async function remove(price: DraftPrice) {
    const name = price.label.trim() || "ce tarif";
    const confirmed = await confirm({
      title: `Supprimer « ${name} » ?`,
      description: "Il disparaîtra de la page Tarifs une fois la liste sauvegardée.",
    });
    if (confirmed) list.remove(price.key);
  }

  function save() {
    const parsed = PriceListSchema.safeParse({ prices: values(draft) });
    if (!parsed.success) {
      setClientErrors(fieldErrors(parsed.error, { byPath: true }));
      showToast({ type: "error", message: PRICE_MESSAGES.invalid });
      return;
    }
    setClientErrors(null);
    fetcher.submit(
      { intent: "save", version: list.version, prices: JSON.stringify(values(draft)) },
      { method: "post" },
    );
  }

  return (
    <>
      <AdminPageHeader
        title="Tarifs"
        description="Les tarifs de la saison affichés sur la page Tarifs et sa version imprimable, regroupés par public, dans cet ordre. Vérifiez les montants : ceux d'une nouvelle installation sont des exemples."
        actions={<HistoryPanel type="price" id="tarifs" />}
      >
        <UnsavedBanner dirty={dirty} />
      </AdminPageHeader>
      {loaderData.loadError ? (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800"
        >
          {loaderData.loadError}
        </p>
      ) : draft.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6 text-gray-700">
          Aucun tarif. Ajoutez-en un : il sera affiché sur la page Tarifs une fois sauvegardé.
        </p>
      ) : (
        <ol className="flex flex-col gap-4">
          {draft.map((price, index) => (
            <li key={price.key}>
              <PriceCard
                price={price}
                index={index}
                count={draft.length}
                errors={errorsUnder(errors, `prices.${index}.`)}
                onChange={(changes) => list.change(index, changes)}
                onMove={(direction) => list.move(index, direction)}
                onRemove={() => remove(price)}
              />
            </li>
          ))}
        </ol>
      )}
      <StickyActions>
        <Button variant="secondary" onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          Ajouter un tarif
        </Button>
        <SaveButton onClick={save} dirty={dirty} saving={fetcher.state !== "idle"} />
      </StickyActions>
      {list.leaveDialog}
      {confirmDialog}
    </>
  );
}
