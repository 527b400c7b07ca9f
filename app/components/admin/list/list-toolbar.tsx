import { Search, X } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation, useSearchParams } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { listHref, PAGE_PARAM, SEARCH_PARAM } from "~/utils/list-params";

/*
 * The top of a back-office list: its filters as links that show their counts, and one
 * search form (GET) with the list's other fields. Everything lives in the URL
 * (app/utils/list-params.ts): back, reload and a shared link give the same list.
 */

export interface FilterChoice {
  /** The URL value; null for "every row". */
  value: string | null;
  label: string;
  count?: number;
}

/**
 * A filter as a row of links ("Tous (120)", "Publiés (98)"…): one tap on a phone, plain
 * links for the keyboard and screen readers, the current one marked aria-current.
 */
export function FilterLinks({
  name,
  label,
  choices,
  current,
  clear = [],
}: {
  name: string;
  /** What the filter chooses, for screen readers ("Statut"). */
  label: string;
  choices: readonly FilterChoice[];
  current: string | null;
  /** Parameters that another choice drops (the message opened in another folder). */
  clear?: readonly string[];
}) {
  const [params] = useSearchParams();
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const active = choice.value === current;
          return (
            <li key={choice.value ?? "tous"}>
              <Link
                to={listHref(params, {
                  ...Object.fromEntries(clear.map((other) => [other, null])),
                  [name]: choice.value,
                })}
                preventScrollReset
                aria-current={active ? "true" : undefined}
                className={cn(
                  "inline-flex min-h-10 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold ring-1 ring-gray-300",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-dark",
                  active ? "bg-ink text-white ring-ink" : "bg-white text-ink hover:bg-teal-light",
                )}
              >
                {choice.label}
                {choice.count !== undefined ? (
                  <span className={cn("tabular-nums", active ? "text-gray-200" : "text-gray-600")}>
                    ({choice.count.toLocaleString("fr-FR")})
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The list's search form: the text searched, then any other fields of the list (selects,
 * dates) given as children. The parameters it does not hold are kept as hidden fields, the
 * page is not: a new search starts on its first page.
 */
export function ListSearch({
  label,
  placeholder,
  fields = [],
  children,
}: {
  /** The search field's label ("Rechercher un article"). */
  label: string;
  placeholder?: string;
  /** The names of the fields given as children, so they are not also kept hidden. */
  fields?: readonly string[];
  children?: ReactNode;
}) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const searching =
    navigation.state === "loading" && navigation.location.search !== `?${params.toString()}`;
  const own = new Set([SEARCH_PARAM, PAGE_PARAM, ...fields]);
  const kept = [...params].filter(([name]) => !own.has(name));
  const active = [SEARCH_PARAM, ...fields].some((name) => params.get(name));
  const clearHref = listHref(
    params,
    Object.fromEntries([SEARCH_PARAM, ...fields].map((name) => [name, null])),
  );
  // The key remounts the fields when the URL changes (back, a filter link): they show it.
  return (
    <Form
      key={params.toString()}
      method="get"
      role="search"
      preventScrollReset
      // Empty fields stay out of the address (a plain GET, without script, keeps them: harmless).
      onSubmit={(event) => {
        event.preventDefault();
        const filled = [...new FormData(event.currentTarget)].filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === "string" && entry[1].trim() !== "",
        );
        navigate(`?${new URLSearchParams(filled)}`, { preventScrollReset: true });
      }}
      className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-3 shadow-sm sm:flex-row sm:flex-wrap sm:items-end"
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-semibold text-ink sm:min-w-60">
        {label}
        <Input
          type="search"
          name={SEARCH_PARAM}
          defaultValue={params.get(SEARCH_PARAM) ?? ""}
          placeholder={placeholder}
          maxLength={100}
          enterKeyHint="search"
        />
      </label>
      {children}
      <div className="flex gap-2">
        <button
          type="submit"
          aria-busy={searching || undefined}
          className={buttonClasses({ className: "min-h-11" })}
        >
          <Search aria-hidden="true" className="size-4" />
          Rechercher
        </button>
        {active ? (
          <Link
            to={clearHref}
            preventScrollReset
            className={buttonClasses({ variant: "secondary", className: "min-h-11" })}
          >
            <X aria-hidden="true" className="size-4" />
            Effacer
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** A labelled field of the search form (a select, a date). */
export function SearchField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold text-ink sm:w-44">
      {label}
      {children}
    </label>
  );
}

/** The period of a list's search (?du, ?au: days), the first label naming what it dates. */
export function DateRangeFields({ fromLabel }: { fromLabel: string }) {
  const [params] = useSearchParams();
  return (
    <>
      <SearchField label={fromLabel}>
        <Input type="date" name="du" defaultValue={params.get("du") ?? ""} />
      </SearchField>
      <SearchField label="Jusqu'au">
        <Input type="date" name="au" defaultValue={params.get("au") ?? ""} />
      </SearchField>
    </>
  );
}
