import { useState, type ReactNode } from "react";
import { useUnsavedChangesGuard } from "./unsaved-changes";

/*
 * The draft of a list an editor saves whole (Tarifs, Inscriptions): the list as saved with
 * its version for the stale check, the draft edited from it, and the action answers folded
 * into both while rendering (no effect, so no frame shows a stale list).
 */

/** The list as last saved or loaded, its version, and the draft edited from it. */
export interface ListDraft<Item> {
  saved: Item[];
  version: string;
  draft: Item[];
}

/** How one action's answer changes the list; null when it changes nothing. */
export type FoldAnswer<Answer, Item> = (
  answer: Answer | undefined,
  list: ListDraft<Item>,
) => ListDraft<Item> | null;

/** A save of the whole list went through: the draft it sent is the saved list now. */
export function foldSavedList<Item>(
  answer: { version?: string; savedCount?: number } | undefined,
  list: ListDraft<Item>,
): ListDraft<Item> | null {
  const { version, savedCount } = answer ?? {};
  if (version === undefined || savedCount === undefined) return null;
  return { ...list, saved: list.draft, version };
}

let keys = 0;
/** A new item's key: only React sees it, to tell the cards apart. */
const newKey = () => `nouveau-${++keys}`;

interface Base<Row, Item> {
  saved: Item[];
  version: string;
  /** The loader's list this base came from. */
  source: Row[];
}

/**
 * `rows` and `version` are the loader's; `values` is what a save sends of the list (two
 * drafts with the same values are the same list); each of `answers` is a fetcher's latest
 * answer, folded once when it arrives. A reload replaces the list only when nothing is
 * pending (after a save: new ids; or another tab's edit).
 */
export function useListDraft<Row, Item extends { key: string }, Answer>({
  rows,
  version,
  toDrafts,
  values,
  answers,
}: {
  rows: Row[];
  version: string;
  toDrafts: (rows: Row[]) => Item[];
  values: (items: Item[]) => unknown;
  answers: readonly { data: Answer | undefined; fold: FoldAnswer<Answer, Item> }[];
}): ListDraft<Item> & {
  dirty: boolean;
  /** The unsaved-changes dialog, to render. */
  leaveDialog: ReactNode;
  /** Appends an item to the draft under a new key. */
  add: (item: Omit<Item, "key">) => void;
  change: (index: number, changes: Partial<Item>) => void;
  move: (index: number, direction: -1 | 1) => void;
  remove: (key: string) => void;
} {
  const [base, setBase] = useState<Base<Row, Item>>(() => ({
    saved: toDrafts(rows),
    version,
    source: rows,
  }));
  const [draft, setDraft] = useState(base.saved);
  const [seen, setSeen] = useState(() => answers.map((answer) => answer.data));
  const same = (a: Item[], b: Item[]) => JSON.stringify(values(a)) === JSON.stringify(values(b));

  // Answers and reloads, folded into the base and the draft while rendering.
  let nextBase = base;
  let nextDraft = draft;
  if (answers.some((answer, i) => answer.data !== seen[i])) {
    setSeen(answers.map((answer) => answer.data));
    answers.forEach((answer, i) => {
      if (answer.data === seen[i]) return;
      const list = { saved: nextBase.saved, version: nextBase.version, draft: nextDraft };
      const folded = answer.fold(answer.data, list);
      if (!folded) return;
      nextBase = { ...nextBase, saved: folded.saved, version: folded.version };
      nextDraft = folded.draft;
    });
  }
  if (rows !== nextBase.source && same(nextDraft, nextBase.saved)) {
    // Nothing pending: show the list as saved.
    nextBase = { saved: toDrafts(rows), version, source: rows };
    nextDraft = nextBase.saved;
  }
  if (nextBase !== base) setBase(nextBase);
  if (nextDraft !== draft) setDraft(nextDraft);

  const dirty = !same(nextDraft, nextBase.saved);
  const leaveDialog = useUnsavedChangesGuard(dirty);

  return {
    saved: nextBase.saved,
    version: nextBase.version,
    draft: nextDraft,
    dirty,
    leaveDialog,
    add: (item) => setDraft((items) => [...items, { key: newKey(), ...item } as Item]),
    change: (index, changes) =>
      setDraft((items) => items.map((item, i) => (i === index ? { ...item, ...changes } : item))),
    move: (index, direction) =>
      setDraft((items) => {
        const target = index + direction;
        if (target < 0 || target >= items.length) return items;
        const next = [...items];
        [next[index], next[target]] = [next[target]!, next[index]!];
        return next;
      }),
    remove: (key) => setDraft((items) => items.filter((item) => item.key !== key)),
  };
}
