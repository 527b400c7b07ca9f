import { Printer } from "lucide-react";
import { buttonClass } from "./button-link";
import { useHydrated } from "./use-hydrated";

/** Opens the browser's print dialog; disabled until the page is interactive. */
export function PrintButton({ label }: { label: string }) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => window.print()}
      className={buttonClass("dark", "no-print")}
    >
      <Printer aria-hidden="true" className="size-5" />
      {label}
    </button>
  );
}
