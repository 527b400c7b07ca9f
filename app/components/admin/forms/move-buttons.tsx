import { ArrowDown, ArrowUp, ChevronDown, ChevronUp } from "lucide-react";
import type { Ref } from "react";
import { Button, type ButtonSize } from "~/components/ui/button";

/**
 * The two buttons that move an item of an ordered list up or down one place, named
 * "Monter …" and "Descendre …" after the item, the first one's "up" disabled, the last
 * one's "down". `arrows`: arrow icons instead of chevrons.
 */
export function MoveButtons({
  what,
  first,
  last,
  onMove,
  size = "sm",
  className,
  arrows = false,
  upRef,
  downRef,
}: {
  /** The item as the buttons' names say it: « Boxe anglaise », l'image 2. */
  what: string;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  size?: ButtonSize;
  className?: string;
  arrows?: boolean;
  upRef?: Ref<HTMLButtonElement>;
  downRef?: Ref<HTMLButtonElement>;
}) {
  const [Up, Down] = arrows ? [ArrowUp, ArrowDown] : [ChevronUp, ChevronDown];
  return (
    <>
      <Button
        ref={upRef}
        variant="ghost"
        size={size}
        className={className}
        aria-label={`Monter ${what}`}
        disabled={first}
        onClick={() => onMove(-1)}
      >
        <Up aria-hidden="true" className="size-4" />
      </Button>
      <Button
        ref={downRef}
        variant="ghost"
        size={size}
        className={className}
        aria-label={`Descendre ${what}`}
        disabled={last}
        onClick={() => onMove(1)}
      >
        <Down aria-hidden="true" className="size-4" />
      </Button>
    </>
  );
}
