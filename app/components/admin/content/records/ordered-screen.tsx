import { TRASH_NOTICE } from "~/domains/history/trash";
import { Plus } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { EditorListLayout } from "./editor-list-layout";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { useUnsavedChangesGuard } from "~/components/admin/forms/unsaved-changes";
import { showToast, useActionToast } from "~/components/admin/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { useConfirm, type ConfirmOptions } from "~/components/ui/confirm-dialog";
import type { Toast } from "~/utils/toast";
import { OrderedItemList, type OrderedListItem } from "./discipline-list";

/*
 * The screen around the editor of an ordered list (disciplines, training formats): the
 * selected record in ?id=, the list with add and move, delete with a confirmation, and
 * no edit lost by switching records or leaving the screen.
 */

type ListResult = { toast?: Toast; createdId?: number; deletedId?: number };

export interface OrderedScreenMessages {
  keepOne?: string;
}

export function useOrderedScreen<T extends { id: number; title: string }, Full extends T = T>({
  items,
  current,
  messages,
  refuseDelete = (_item, count) => (count <= 1 ? (messages.keepOne ?? null) : null),
}: {
  /** The list's rows: the records themselves, unless `current` is given. */
  items: T[];
  /** The record opened, when the list's rows do not hold it whole (a paginated list). */
  current?: Full | null;
  messages: OrderedScreenMessages;
  /** Why this record may not be deleted (shown at once, the server says it too), or null. */
  refuseDelete?: (item: T, count: number) => string | null;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = Number(searchParams.get("id"));
  // Without `current`, the rows are the records (Full defaults to T).
  const selected: Full | null =
    current !== undefined
      ? current
      : ((items.find((item) => item.id === wanted) ?? items[0] ?? null) as Full | null);
  const listFetcher = useFetcher<ListResult>();
  const deleteFetcher = useFetcher<ListResult>();
  useActionToast(listFetcher.data);
  useActionToast(deleteFetcher.data);
  const [dirty, setDirty] = useState(false);
  const leaveDialog = useUnsavedChangesGuard(dirty);
  const [confirm, confirmDialog] = useConfirm();

  // The list's own parameters (a page, a search) stay.
  const show = (id: number | null) =>
    setSearchParams(
      (params) => {
        if (id === null) params.delete("id");
        else params.set("id", String(id));
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  const leaveOptions: ConfirmOptions = {
    title: "Quitter sans sauvegarder ?",
    description: "Vos modifications non sauvegardées seront perdues.",
    confirmLabel: "Quitter",
    cancelLabel: "Rester",
  };
  const mayLeave = async () => !dirty || (await confirm(leaveOptions));

  async function select(id: number) {
    if (id === selected?.id || !(await mayLeave())) return;
    show(id);
  }

  async function add() {
    if (!(await mayLeave())) return;
    listFetcher.submit({ intent: "create" }, { method: "post" });
  }

  function move(id: number, direction: "up" | "down") {
    listFetcher.submit({ intent: "move", id: String(id), direction }, { method: "post" });
  }

  async function remove(item: T) {
    const refusal = refuseDelete(item, items.length);
    if (refusal) {
      showToast({ type: "error", message: refusal });
      return;
    }
    const confirmed = await confirm({
      title: `Supprimer « ${item.title} » ?`,
      description: `Le site public ne l'affichera plus. ${TRASH_NOTICE}`,
    });
    if (confirmed) {
      deleteFetcher.submit({ intent: "delete", id: String(item.id) }, { method: "post" });
    }
  }

  // A new record opens in the editor; a deleted one gives way to the first of the list.
  const createdId = listFetcher.data?.createdId;
  const deletedId = deleteFetcher.data?.deletedId;
  useEffect(() => {
    if (createdId) show(createdId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per new answer
  }, [createdId]);
  useEffect(() => {
    if (deletedId) show(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per new answer
  }, [deletedId]);

  return {
    selected,
    select,
    add,
    move,
    remove,
    moving: listFetcher.state !== "idle" && listFetcher.formData?.get("intent") === "move",
    adding: listFetcher.state !== "idle" && listFetcher.formData?.get("intent") === "create",
    deleting: deleteFetcher.state !== "idle",
    setDirty,
    dialogs: (
      <>
        {leaveDialog}
        {confirmDialog}
      </>
    ),
  };
}

/**
 * The screen around one record editor: header, the list with "add", the editor of the
 * selected record (or a note when there is none), and the screen's dialogs. The list is
 * the ordered list of `items` (move up and down) unless another `list` is given.
 */
export function OrderedScreen<T extends { id: number }>({
  title,
  description,
  listTitle,
  addLabel,
  loadError,
  screen,
  items = [],
  list,
  noneSelected,
  editor,
}: {
  title: string;
  description: string;
  listTitle: string;
  addLabel: string;
  loadError: string | null;
  screen: {
    selected: T | null;
    add: () => void;
    adding: boolean;
    select: (id: number) => void;
    move: (id: number, direction: "up" | "down") => void;
    moving: boolean;
    dialogs: ReactNode;
  };
  items?: OrderedListItem[];
  list?: ReactNode;
  noneSelected: string;
  editor: (selected: T) => ReactNode;
}) {
  return (
    <>
      <AdminPageHeader title={title} description={description} />
      {loadError ? (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800"
        >
          {loadError}
        </p>
      ) : (
        <EditorListLayout
          // NOTE: one column that may shrink on phones; truncated titles would widen it.
          className="grid-cols-1"
          listTitle={listTitle}
          listActions={
            <Button size="sm" onClick={screen.add} busy={screen.adding}>
              {!screen.adding && <Plus aria-hidden="true" className="size-4" />}
              {addLabel}
            </Button>
          }
          list={
            list ?? (
              <OrderedItemList
                items={items}
                selectedId={screen.selected?.id ?? null}
                onSelect={screen.select}
                onMove={screen.move}
                moving={screen.moving}
              />
            )
          }
        >
          {screen.selected ? (
            editor(screen.selected)
          ) : (
            <p className="rounded-lg border border-gray-200 bg-white p-6 text-gray-700">
              {noneSelected}
            </p>
          )}
        </EditorListLayout>
      )}
      {screen.dialogs}
    </>
  );
}
