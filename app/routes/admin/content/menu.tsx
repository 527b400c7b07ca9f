import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import {
  MenuList,
  type MenuDraftItem,
  type MenuItemErrors,
} from "~/components/admin/content/menu/menu-list";
import { NewTabButton, SaveButton } from "~/components/admin/forms/buttons";
import { MAX_MENU_ITEMS, MenuSchema } from "~/domains/content/menu-schema";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { SaveBar } from "~/components/admin/content/content-save-bar";
import { useSaveAnswer } from "~/components/admin/forms/use-save-answer";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { Button } from "~/components/ui/button";
import { useConfirmAction } from "~/components/ui/confirm-dialog";
import { getMenuForEdit } from "~/domains/content/menu.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { fieldErrors, type FieldErrors } from "~/core/form";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import { adminMeta } from "~/utils/admin-route";
import type { Route } from "./+types/menu";
import { menuAction } from "./menu.server";

export const meta: Route.MetaFunction = () => adminMeta("Menu");

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "content");
  return getMenuForEdit();
}

export async function action(args: Route.ActionArgs) {
  return menuAction(args);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

type Loaded = Route.ComponentProps["loaderData"];

const toDraft = (items: Loaded["items"]): MenuDraftItem[] =>
  items.map(({ id, label, path }) => ({ key: String(id), label, path }));
const plain = (items: MenuDraftItem[]) =>
  JSON.stringify(items.map(({ label, path }) => ({ label, path })));

/** Errors by "index.field" (server and schema) → by entry key, as the rows show them. */
function byKey(errors: FieldErrors, items: MenuDraftItem[]): MenuItemErrors {
  const result: MenuItemErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const [index, field] = path.split(".");
    const item = items[Number(index)];
    if (!item || (field !== "label" && field !== "path")) continue;
    result[item.key] = { ...result[item.key], [field]: message };
  }
  return result;
}

let added = 0;

export default function MenuEditor({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const confirm = useConfirmAction();
  // The edited list and the version it started from (null: nothing edited).
  const [draft, setDraft] = useState<{ items: MenuDraftItem[]; version: string } | null>(null);
  const [errors, setErrors] = useState<MenuItemErrors>({});
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<MenuDraftItem[] | null>(null);
  const loadedItems = toDraft(loaderData.items);
  const items = draft?.items ?? loadedItems;
  const dirty = draft !== null && plain(draft.items) !== plain(loadedItems);
  const saving = fetcher.state !== "idle";

  // Once the answer is in (and the menu reloaded): messages by entry; a saved list leaves
  // the draft, unless it was edited again meanwhile.
  const { handled, leaveDialog } = useSaveAnswer(fetcher, dirty, (data) => {
    setSubmitted(null);
    if (submitted) setErrors(byKey(data.errors, submitted));
    if (data.saved) {
      setDraft((current) =>
        current && submitted && plain(current.items) === plain(submitted) ? null : current,
      );
    }
  });
  // The menu-updated event of spec §4, for whoever listens in this tab.
  useEffect(() => {
    if (handled?.saved) window.dispatchEvent(new Event("menu-updated"));
  }, [handled]);

  function change(next: MenuDraftItem[], moved = false) {
    setDraft((current) => ({ items: next, version: current?.version ?? loaderData.version }));
    if (moved) setErrors({});
    setFocusKey(null);
  }

  function edit(next: MenuDraftItem[]) {
    // Editing a field clears its own message.
    setErrors((current) => {
      const result: MenuItemErrors = {};
      for (const item of next) {
        const before = items.find((i) => i.key === item.key);
        const own = current[item.key];
        if (!own || !before) continue;
        result[item.key] = {
          label: before.label === item.label ? own.label : undefined,
          path: before.path === item.path ? own.path : undefined,
        };
      }
      return result;
    });
    change(next);
  }

  function add() {
    const key = `new-${++added}`;
    change([...items, { key, label: "", path: "/" }]);
    setFocusKey(key);
  }

  async function remove(item: MenuDraftItem) {
    const ok = await confirm({
      title: `Supprimer l'entrée « ${item.label.trim() || "sans libellé"} » ?`,
      description: "Elle disparaîtra du menu du site après la sauvegarde.",
    });
    if (ok)
      change(
        items.filter((i) => i.key !== item.key),
        true,
      );
  }

  function save() {
    const list = items.map(({ label, path }) => ({ label, path }));
    const parsed = MenuSchema.safeParse(list);
    if (!parsed.success) {
      setErrors(byKey(fieldErrors(parsed.error, { byPath: true }), items));
      return;
    }
    setSubmitted(items);
    fetcher.submit(
      {
        intent: "save",
        items: JSON.stringify(parsed.data),
        version: draft?.version ?? loaderData.version,
      },
      { method: "post" },
    );
  }

  return (
    <>
      <AdminPageHeader
        title="Menu"
        description="Les entrées de la barre de navigation et des liens rapides du pied de page, dans leur ordre."
      />
      <SaveBar dirty={dirty}>
        <HistoryPanel type="menu" id="menu" />
        <NewTabButton href="/">Voir le site</NewTabButton>
        <SaveButton onClick={save} dirty={dirty} saving={saving} label="Sauvegarder le menu" />
      </SaveBar>
      <p className="mb-4 text-sm text-gray-700">
        Lien : une page du site (par exemple <code>/tarifs</code>) ou une adresse complète
        (https://…). Glissez une entrée par sa poignée, ou utilisez les flèches, pour changer
        l'ordre.
      </p>
      <MenuList
        items={items}
        errors={errors}
        onChange={(next, moved) => (moved ? change(next, true) : edit(next))}
        onRemove={remove}
        focusKey={focusKey}
      />
      <div className="mt-4">
        <Button variant="secondary" onClick={add} disabled={items.length >= MAX_MENU_ITEMS}>
          <Plus aria-hidden="true" className="size-4" />
          Ajouter une entrée
        </Button>
      </div>
      {leaveDialog}
    </>
  );
}
