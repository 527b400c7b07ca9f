import { ExternalLink, Save } from "lucide-react";
import type { ReactNode } from "react";
import { Button, buttonClasses } from "~/components/ui/button";

/*
 * The two buttons every editing screen of the back office has: a look at the public page
 * in a new tab, and the save.
 */

/** A secondary button that opens a public page in a new tab, and says so to screen readers. */
export function NewTabButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={buttonClasses({ variant: "secondary" })}
    >
      <ExternalLink aria-hidden="true" className="size-4" />
      {children}
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}

/** "Sauvegarder" (or `label`), disabled while nothing changed, "Sauvegarde..." while it runs. */
export function SaveButton({
  onClick,
  dirty,
  saving,
  label = "Sauvegarder",
}: {
  onClick: () => void;
  dirty: boolean;
  saving: boolean;
  label?: string;
}) {
  return (
    <Button onClick={onClick} disabled={!dirty} busy={saving}>
      {!saving && <Save aria-hidden="true" className="size-4" />}
      {saving ? "Sauvegarde..." : label}
    </Button>
  );
}
