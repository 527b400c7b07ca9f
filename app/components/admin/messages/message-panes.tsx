import { ArrowLeft, MailOpen } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { cn } from "~/components/ui/cn";

/**
 * A list and the item opened from it. On a wide screen side by side, with a note in the
 * right pane while nothing is opened; on a phone one at a time: the opened item alone,
 * with a link back to the list (the item's parameter removed, the page and search kept).
 */
export function MessagePanes({
  list,
  opened,
  param,
  placeholder,
  backLabel,
}: {
  list: ReactNode;
  opened: ReactNode | null;
  /** The URL parameter naming the opened item ("id", "mail"). */
  param: string;
  placeholder: string;
  backLabel: string;
}) {
  const [params] = useSearchParams();
  const back = new URLSearchParams(params);
  back.delete(param);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className={cn(opened ? "hidden lg:block" : null)}>{list}</div>
      {opened ? (
        <div className="flex min-w-0 flex-col gap-3">
          <Link
            to={`?${back}`}
            className="inline-flex min-h-10 items-center gap-2 self-start font-semibold text-teal-dark underline-offset-4 hover:underline lg:hidden"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {backLabel}
          </Link>
          {opened}
        </div>
      ) : (
        <div className="hidden min-h-72 flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-gray-300 bg-gray-50 p-8 text-center text-gray-700 lg:flex">
          <MailOpen aria-hidden="true" className="size-10 text-gray-500" />
          <p>{placeholder}</p>
        </div>
      )}
    </div>
  );
}
