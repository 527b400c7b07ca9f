import { TriangleAlert } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  AA_TEXT_CONTRAST,
  colourContrast,
  formatRatio,
  nearestReadableColour,
} from "~/domains/content/contrast";

/**
 * Warns when a text colour does not read on its background (below WCAG AA, 4.5:1) and
 * offers the nearest colour that does. Nothing is refused: the volunteer
 * decides. Silent while either colour is not a valid #RRGGBB.
 */
export function ContrastWarning({
  label,
  foreground,
  background,
  onFix,
}: {
  /** What is written in the colour: "le titre", "le texte"… */
  label: string;
  foreground: string;
  background: string;
  onFix: (colour: string) => void;
}) {
  const ratio = colourContrast(foreground, background);
  if (ratio === null || ratio >= AA_TEXT_CONTRAST) return null;
  const fixed = nearestReadableColour(foreground, background);
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Contraste insuffisant pour {label} : {formatRatio(ratio)} (minimum 4,5:1), difficile à
          lire. Couleur lisible la plus proche : <span className="font-mono">{fixed}</span>.
        </span>
      </p>
      <Button size="sm" variant="secondary" onClick={() => onFix(fixed)}>
        <span
          aria-hidden="true"
          className="size-4 rounded-sm border border-gray-400"
          style={{ backgroundColor: fixed }}
        />
        Utiliser {fixed}
        <span className="sr-only"> pour {label}</span>
      </Button>
    </div>
  );
}
