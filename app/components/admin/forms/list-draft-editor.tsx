import { Plus } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import type { z } from "zod";
import { SaveButton } from "~/components/admin/forms/buttons";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { StickyActions } from "~/components/admin/forms/sticky-actions";
import { UnsavedBanner } from "~/components/admin/forms/unsaved-changes";
import { showToast } from "~/components/admin/forms/use-action-toast";
import type { useListDraft } from "~/components/admin/forms/use-list-draft";
import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { errorsUnder, fieldErrors, type FieldErrors } from "~/core/form";
import type { Toast } from "~/utils/toast";

/*
 * The screens that edit a list whole (the prices, the registration forms) share this: the
 * save that checks the whole list before it sends it, and the page: its header, the list's
 * cards, or why there are none, above the buttons that add an item and save.
 */

/** What the action answers a save of the whole list. */
export type ListSaveAnswer = {
  toast?: Toast;
  version?: string;
  savedCount?: number;
  errors?: FieldErrors;
};

type ListDraftState<Item extends { key: string }> = ReturnType<
  typeof useListDraft<unknown, Item, unknown>
>;

/** What the card of one item is given by the list it belongs to. */
export interface ListEntryProps<Item> {
  index: number;
  count: number;
  /** The item's own errors, by field name. */
  errors: FieldErrors;
  onChange: (changes: Partial<Item>) => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}

type SaveFetcher = Pick<FetcherWithComponents<unknown>, "state" | "submit"> & {
  data?: { errors?: FieldErrors };
};

/**
 * The save of a list sent whole under `field` (JSON) with the version it was loaded at: the
 * list is first checked against `schema`, whose errors show at once (by path:
 * "prices.0.label") instead of the server's.
 */
export function useListSave<Item extends { key: string }>({
  fetcher,
  list,
  field,
  values,
  schema,
  invalidMessage,
}: {
  fetcher: SaveFetcher;
  list: Pick<ListDraftState<Item>, "draft" | "version">;
  field: string;
  values: (items: Item[]) => unknown;
  schema: z.ZodType;
  invalidMessage: string;
}) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? fetcher.data?.errors ?? {};

  function save() {
    const parsed = schema.safeParse({ [field]: values(list.draft) });
    if (!parsed.success) {
      setClientErrors(fieldErrors(parsed.error, { byPath: true }));
      showToast({ type: "error", message: invalidMessage });
      return;
    }
    setClientErrors(null);
    fetcher.submit(
      { intent: "save", version: list.version, [field]: JSON.stringify(values(list.draft)) },
      { method: "post" },
    );
  }

  return { errors, save, saving: fetcher.state !== "idle" };
}

/**
 * The body of a list edited whole: the load error, or `empty` when the draft has no item, or
 * the ordered cards (`card` draws one, its errors taken from under `field.<index>.`); then the
 * add and save buttons kept in view.
 */
export function ListDraftBody<Item extends { key: string }>({
  loadError,
  list,
  field,
  errors,
  empty,
  card,
  onRemove,
  addLabel,
  onAdd,
  onSave,
  saving,
}: {
  loadError: string | null;
  list: Pick<ListDraftState<Item>, "draft" | "dirty" | "change" | "move">;
  field: string;
  errors: FieldErrors;
  empty: ReactNode;
  card: (item: Item, entry: ListEntryProps<Item>) => ReactNode;
  onRemove: (item: Item) => void;
  addLabel: string;
  onAdd: () => void;
  onSave: () => void;
  saving: boolean;
}) {
  const { draft } = list;
  return (
    <>
      {loadError ? (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800"
        >
          {loadError}
        </p>
      ) : draft.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6 text-gray-700">{empty}</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {draft.map((item, index) => (
            <li key={item.key}>
              {card(item, {
                index,
                count: draft.length,
                errors: errorsUnder(errors, `${field}.${index}.`),
                onChange: (changes) => list.change(index, changes),
                onMove: (direction) => list.move(index, direction),
                onRemove: () => onRemove(item),
              })}
            </li>
          ))}
        </ol>
      )}
      <StickyActions>
        <Button variant="secondary" onClick={onAdd}>
          <Plus aria-hidden="true" className="size-4" />
          {addLabel}
        </Button>
        <SaveButton onClick={onSave} dirty={list.dirty} saving={saving} />
      </StickyActions>
    </>
  );
}

type BodyProps<Item extends { key: string }> = Parameters<typeof ListDraftBody<Item>>[0];

/**
 * The page of a list edited whole: its header with the unsaved-changes banner, the body,
 * and the dialogs. « Ajouter » appends `blank(draft)`; an item leaves the draft only once
 * « Supprimer « name » ? » is confirmed. `children`: the screen's own dialogs.
 */
export function ListDraftPage<Item extends { key: string }>({
  title,
  description,
  actions,
  list,
  blank,
  removal,
  children,
  ...body
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  list: BodyProps<Item>["list"] & Pick<ListDraftState<Item>, "leaveDialog" | "add" | "remove">;
  blank: (draft: Item[]) => Omit<Item, "key">;
  removal: { name: (item: Item) => string; description: string };
  children?: ReactNode;
} & Omit<BodyProps<Item>, "list" | "onAdd" | "onRemove">) {
  const [confirm, confirmDialog] = useConfirm();

  async function remove(item: Item) {
    const confirmed = await confirm({
      title: `Supprimer « ${removal.name(item)} » ?`,
      description: removal.description,
    });
    if (confirmed) list.remove(item.key);
  }

  return (
    <>
      <AdminPageHeader title={title} description={description} actions={actions}>
        <UnsavedBanner dirty={list.dirty} />
      </AdminPageHeader>
      <ListDraftBody
        {...body}
        list={list}
        onAdd={() => list.add(blank(list.draft))}
        onRemove={remove}
      />
      {list.leaveDialog}
      {confirmDialog}
      {children}
    </>
  );
}
