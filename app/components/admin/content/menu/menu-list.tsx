import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { useEffect, useRef } from "react";
import { MoveButtons } from "~/components/admin/forms/move-buttons";
import { RemoveButton } from "~/components/ui/remove-button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

export interface MenuDraftItem {
  /** Stable key: the row's id, or "new-…" for an entry added here. */
  key: string;
  label: string;
  path: string;
}

export type MenuItemErrors = Record<string, { label?: string; path?: string }>;

const nameOf = (item: MenuDraftItem) => item.label.trim() || "sans libellé";

/**
 * The menu's entries, in order: drag by the handle (mouse, touch, or keyboard: space,
 * arrows, space) or move with the up/down buttons; edit label and link; remove.
 */
export function MenuList({
  items,
  errors,
  onChange,
  onRemove,
  focusKey,
}: {
  items: MenuDraftItem[];
  errors: MenuItemErrors;
  onChange: (items: MenuDraftItem[], moved?: boolean) => void;
  onRemove: (item: MenuDraftItem) => void;
  /** The entry whose label gets the focus (a new entry). */
  focusKey: string | null;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (key: unknown) => items.findIndex((item) => item.key === key) + 1;
  const label = (key: unknown) => {
    const item = items.find((i) => i.key === key);
    return item ? `« ${nameOf(item)} »` : "L'entrée";
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `${label(active.id)} saisie, position ${position(active.id)} sur ${items.length}.`,
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? `${label(active.id)} déplacée en position ${position(over.id)} sur ${items.length}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${label(active.id)} déposée en position ${position(over.id)} sur ${items.length}.`
        : undefined,
    onDragCancel: ({ active }) => `Déplacement annulé : ${label(active.id)} reste à sa place.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.key === active.id);
    const to = items.findIndex((item) => item.key === over.id);
    if (from < 0 || to < 0) return;
    onChange(arrayMove(items, from, to), true);
  }

  if (items.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-gray-300 p-6 text-center text-gray-700">
        Le menu est vide.
      </p>
    );
  }

  return (
    <DndContext
      id="menu-editeur"
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "Pour déplacer une entrée, appuyez sur Espace, utilisez les flèches haut et bas, puis Espace pour la déposer ou Échap pour annuler.",
        },
      }}
    >
      <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
        <ol className="flex flex-col gap-3" aria-label="Entrées du menu">
          {items.map((item, index) => (
            <MenuRow
              key={item.key}
              item={item}
              index={index}
              count={items.length}
              errors={errors[item.key]}
              autoFocus={focusKey === item.key}
              onEdit={(field, value) =>
                onChange(items.map((i) => (i.key === item.key ? { ...i, [field]: value } : i)))
              }
              onMove={(delta) => onChange(arrayMove(items, index, index + delta), true)}
              onRemove={() => onRemove(item)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function MenuRow({
  item,
  index,
  count,
  errors,
  autoFocus,
  onEdit,
  onMove,
  onRemove,
}: {
  item: MenuDraftItem;
  index: number;
  count: number;
  errors?: { label?: string; path?: string };
  autoFocus: boolean;
  onEdit: (field: "label" | "path", value: string) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.key });
  const labelRef = useRef<HTMLInputElement>(null);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const name = nameOf(item);

  useEffect(() => {
    if (autoFocus) labelRef.current?.focus();
  }, [autoFocus]);

  // A move re-inserts the row in the list, which loses the focus: give it back to the
  // button used (or the other one when this one becomes disabled at the edge).
  const refocus = useRef<"up" | "down" | null>(null);
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const first = wanted === "up" ? upRef.current : downRef.current;
    const other = wanted === "up" ? downRef.current : upRef.current;
    (first && !first.disabled ? first : other)?.focus();
  }, [index]);

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        "grid grid-cols-[auto_1fr_auto] items-center gap-x-2 gap-y-3 rounded-lg border border-gray-200 bg-white p-3 shadow-sm sm:p-4",
        isDragging && "relative z-10 border-teal-dark shadow-lg",
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Déplacer « ${name} » (position ${index + 1} sur ${count})`}
        className="col-start-1 row-start-1 flex size-10 cursor-grab touch-none items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-dark active:cursor-grabbing sm:self-end"
      >
        <GripVertical aria-hidden="true" className="size-5" />
      </button>
      <span className="col-start-2 row-start-1 text-sm font-semibold text-gray-600 tabular-nums sm:hidden">
        Entrée {index + 1}
      </span>
      <div className="col-span-3 row-start-2 grid min-w-0 gap-3 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:grid-cols-2">
        <Field label="Libellé" error={errors?.label} required>
          <Input
            ref={labelRef}
            value={item.label}
            onChange={(event) => onEdit("label", event.target.value)}
          />
        </Field>
        <Field label="Lien" error={errors?.path} required>
          <Input
            value={item.path}
            inputMode="url"
            onChange={(event) => onEdit("path", event.target.value)}
          />
        </Field>
      </div>
      <div className="col-start-3 row-start-1 flex items-center gap-1 justify-self-end sm:self-end">
        <MoveButtons
          what={`« ${name} »`}
          first={index === 0}
          last={index === count - 1}
          onMove={(step) => {
            refocus.current = step < 0 ? "up" : "down";
            onMove(step);
          }}
          size="icon"
          arrows
          upRef={upRef}
          downRef={downRef}
        />
        <RemoveButton
          size="icon"
          aria-label={`Supprimer « ${name} »`}
          onClick={onRemove}
        ></RemoveButton>
      </div>
    </li>
  );
}
