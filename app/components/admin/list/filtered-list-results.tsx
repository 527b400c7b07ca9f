import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { countLabel } from "~/utils/list-params";
import { ListEmpty } from "./list-empty";
import { ListResults } from "./list-results";

/** Two forms of a word: one, several ("action", "actions"). */
type Forms = [string, string];

/**
 * A list whose count and empty message change under its filters: « 12 actions » or
 * « 3 actions trouvées »; « Aucune action enregistrée » or « Aucune ne correspond ».
 */
export function FilteredListResults({
  list,
  filtered,
  label,
  count,
  icon,
  empty,
  children,
}: {
  list: { page: number; pages: number; total: number; rows: unknown[] };
  filtered: boolean;
  /** The name of its page links. */
  label: string;
  count: { all: Forms; found: Forms };
  icon: LucideIcon;
  /** What an empty list says, under filters and without. */
  empty: { found: string; all: string };
  children: ReactNode;
}) {
  return (
    <ListResults
      page={list.page}
      pages={list.pages}
      label={label}
      summary={countLabel(list.total, ...(filtered ? count.found : count.all))}
      empty={
        list.rows.length > 0 ? undefined : (
          <ListEmpty icon={icon}>
            <p className="text-gray-700">{filtered ? empty.found : empty.all}</p>
          </ListEmpty>
        )
      }
    >
      {children}
    </ListResults>
  );
}
