import { useId, type ReactNode } from "react";
import { MoveButtons } from "~/components/admin/forms/move-buttons";
import { Card, CardContent } from "~/components/ui/card";
import { RemoveButton } from "~/components/ui/remove-button";

/**
 * The card of one item of a list edited whole (a price, a registration form): a section
 * named by its heading, badges beside it, the buttons that move and remove the item, and
 * its fields below.
 */
export function ListItemCard({
  name,
  badges,
  removeLabel,
  index,
  count,
  onMove,
  onRemove,
  contentClassName,
  children,
}: {
  /** The heading, also said by the move buttons' names. */
  name: string;
  badges: ReactNode;
  /** The remove button's accessible name: "Supprimer le tarif « Adultes »". */
  removeLabel: string;
  index: number;
  count: number;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
  contentClassName: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 px-4 py-3 sm:px-5">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h2 id={headingId} className="min-w-0 text-lg font-bold break-words text-ink">
              {name}
            </h2>
            {badges}
          </div>
          <div className="flex items-center gap-1">
            <MoveButtons
              what={`« ${name} »`}
              first={index === 0}
              last={index === count - 1}
              onMove={onMove}
            />
            <RemoveButton aria-label={removeLabel} onClick={onRemove}>
              <span className="hidden sm:inline">Supprimer</span>
            </RemoveButton>
          </div>
        </div>
        <CardContent className={contentClassName}>{children}</CardContent>
      </section>
    </Card>
  );
}
