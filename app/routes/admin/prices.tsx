import { Plus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { SaveButton } from "~/components/admin/forms/buttons";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { UnsavedBanner, useUnsavedChangesGuard } from "~/components/admin/forms/unsaved-changes";
import { showToast, useActionToast } from "~/components/admin/forms/use-action-toast";
import { PriceCard, type DraftPrice } from "~/components/admin/prices/price-card";
import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { formatEuros } from "~/content/money";
import { PRICE_MESSAGES, PriceListSchema } from "~/content/price-schema";
import { getPricesForEdit, type Price } from "~/models/price.server";
import { adminMeta } from "~/utils/admin-route";
import { requireAdmin } from "~/utils/auth.server";
import { fieldErrors, type FieldErrors } from "~/utils/forms";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import type { Toast } from "~/utils/toast";
import type { Route } from "./+types/prices";
import { pricesAction } from "./prices.server";

export const meta: Route.MetaFunction = () => adminMeta("Tarifs");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { ...(await getPricesForEdit()), loadError: null };
  } catch (error) {
    console.error(error);
    return { prices: [] as Price[], version: "", loadError: PRICE_MESSAGES.loadFailed };
  }
}

export async function action({ request }: Route.ActionArgs) {
  return pricesAction(request);
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
const samePrices = (a: DraftPrice[], b: DraftPrice[]) =>
  JSON.stringify(values(a)) === JSON.stringify(values(b));

interface Base {
  prices: DraftPrice[];
  version: string;
  /** The loader's list this base came from. */
  source: Price[];
}

export default function Prices({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<Result>();
  useActionToast(fetcher.data);
  const [confirm, confirmDialog] = useConfirm();

  const [base, setBase] = useState<Base>(() => ({
    prices: toDrafts(loaderData.prices),
    version: loaderData.version,
    source: loaderData.prices,
  }));
  const [draft, setDraft] = useState(base.prices);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [seen, setSeen] = useState(fetcher.data);

  // Answers and reloads, folded into the base and the draft while rendering.
  let nextBase = base;
  let nextDraft = draft;
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    const { version, savedCount } = fetcher.data ?? {};
    if (version !== undefined && savedCount !== undefined) {
      nextBase = { ...nextBase, prices: nextDraft, version };
    }
  }
  if (loaderData.prices !== nextBase.source && samePrices(nextDraft, nextBase.prices)) {
    // Nothing pending: show the list as saved (after a save, or another tab's edit).
    nextBase = {
      prices: toDrafts(loaderData.prices),
      version: loaderData.version,
      source: loaderData.prices,
    };
    nextDraft = nextBase.prices;
  }
  if (nextBase !== base) setBase(nextBase);
  if (nextDraft !== draft) setDraft(nextDraft);

  const dirty = !samePrices(nextDraft, nextBase.prices);
  const leaveDialog = useUnsavedChangesGuard(dirty);
  const errors = clientErrors ?? fetcher.data?.errors ?? {};

  const change = (index: number, changes: Partial<DraftPrice>) =>
    setDraft((prices) =>
      prices.map((price, i) => (i === index ? { ...price, ...changes } : price)),
    );

  function move(index: number, direction: -1 | 1) {
    setDraft((prices) => {
      const target = index + direction;
      if (target < 0 || target >= prices.length) return prices;
      const next = [...prices];
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });
  }

  function add() {
    setDraft((prices) => [
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
    if (confirmed) setDraft((prices) => prices.filter((other) => other.key !== price.key));
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
      { intent: "save", version: base.version, prices: JSON.stringify(values(draft)) },
      { method: "post" },
    );
  }

  const cardErrors = (index: number) => {
    const prefix = `prices.${index}.`;
    return Object.fromEntries(
      Object.entries(errors)
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, message]) => [key.slice(prefix.length), message]),
    );
  };

  return (
    <>
      <AdminPageHeader
        title="Tarifs"
        description="Les tarifs de la saison affichés sur la page Tarifs et sa version imprimable, regroupés par public, dans cet ordre. Vérifiez les montants : ceux d'une nouvelle installation sont des exemples."
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
                errors={cardErrors(index)}
                onChange={(changes) => change(index, changes)}
                onMove={(direction) => move(index, direction)}
                onRemove={() => remove(price)}
              />
            </li>
          ))}
        </ol>
      )}
      {/* Kept in view at the bottom: the toasts show at the top right. */}
      <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-end gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] sm:mx-0 sm:rounded-lg sm:border">
        <Button variant="secondary" onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          Ajouter un tarif
        </Button>
        <SaveButton onClick={save} dirty={dirty} saving={fetcher.state !== "idle"} />
      </div>
      {leaveDialog}
      {confirmDialog}
    </>
  );
}
