import type { ReactNode } from "react";
import { SelectButton } from "~/components/admin/forms/select-button";
import { MoveButtons } from "~/components/admin/forms/move-buttons";
import { cn } from "~/components/ui/cn";

/*
 * The left pane of the disciplines and formats screens: each row selects its record, and
 * two buttons move it up or down (swap with the neighbour, saved at once).
 */

export interface OrderedListItem {
  id: number;
  title: string;
  subtitle?: string;
  icon?: ReactNode;
}

export function OrderedItemList({
  items,
  selectedId,
  onSelect,
  onMove,
  moving,
}: {
  items: OrderedListItem[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onMove: (id: number, direction: "up" | "down") => void;
  /** A move is being saved: the move buttons wait. */
  moving: boolean;
}) {
  return (
    <ol className="flex flex-col gap-2">
      {items.map((item, index) => {
        const selected = item.id === selectedId;
        return (
          <li
            key={item.id}
            className={cn(
              "flex items-stretch gap-1 rounded-md border bg-white",
              selected ? "border-teal-dark ring-1 ring-teal-dark" : "border-gray-200",
            )}
          >
            <SelectButton
              selected={selected}
              onSelect={() => onSelect(item.id)}
              className="flex min-w-0 flex-1 items-center gap-2"
            >
              {item.icon}
              <span className="min-w-0">
                <span className="block truncate font-semibold text-ink">{item.title}</span>
                {item.subtitle && (
                  <span className="block truncate text-sm text-gray-600">{item.subtitle}</span>
                )}
              </span>
            </SelectButton>
            <div className="flex shrink-0 flex-col justify-center">
              <MoveButtons
                what={`« ${item.title} »`}
                first={index === 0 || moving}
                last={index === items.length - 1 || moving}
                onMove={(step) => onMove(item.id, step < 0 ? "up" : "down")}
                className="min-h-8 px-2"
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
