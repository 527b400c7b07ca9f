import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** What a list shows when it has nothing yet: its icon and a sentence or two. */
export function ListEmpty({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-gray-300 bg-white px-4 py-12 text-center">
      <Icon aria-hidden="true" className="size-10 text-gray-400" />
      {children}
    </div>
  );
}
