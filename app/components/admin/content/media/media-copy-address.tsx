import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export const ADDRESS_COPIED = "Adresse copiée";

/** The public, absolute address of a library file: on PUBLIC_URL when set, else this site. */
export function absoluteAddress(url: string, publicOrigin: string | null): string {
  try {
    return new URL(url, publicOrigin ?? window.location.origin).href;
  } catch {
    return url;
  }
}

/**
 * "Copier l'adresse" of a library card: the file's public address to the clipboard, with
 * the toast "Adresse copiée". Where the clipboard cannot be written (an address without
 * HTTPS, a refused permission), the address shows selected in a read-only field instead,
 * ready for Ctrl+C or a long press. A word without an icon: a page repeats it 24 times
 * (docs/decisions/014-one-admin-list.md).
 */
export function CopyAddressButton({
  url,
  title,
  publicOrigin,
}: {
  url: string;
  title: string;
  publicOrigin: string | null;
}) {
  const id = useId();
  const [shown, setShown] = useState<string | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);

  // The field, once shown, takes the focus with its address selected.
  useEffect(() => {
    if (shown === null) return;
    fieldRef.current?.focus();
    fieldRef.current?.select();
  }, [shown]);

  async function copy() {
    const address = absoluteAddress(url, publicOrigin);
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(address);
      setShown(null);
      toast.success(ADDRESS_COPIED);
    } catch {
      setShown(address);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" size="sm" className="self-start" onClick={copy}>
        Copier l'adresse<span className="sr-only"> de {title}</span>
      </Button>
      {shown !== null && (
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-xs font-semibold text-ink">
            Adresse du fichier (copiez-la : Ctrl+C ou appui long)
          </label>
          <Input
            ref={fieldRef}
            id={id}
            readOnly
            value={shown}
            onFocus={(event) => event.currentTarget.select()}
            className="text-xs"
          />
        </div>
      )}
    </div>
  );
}
