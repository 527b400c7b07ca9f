import { ROLE_LABELS, ROLES, type Role } from "~/domains/volunteers/capabilities";

/** What each role may do, in a line (the map: app/domains/volunteers/capabilities.ts). */
export const ROLE_HINTS: Readonly<Record<Role, string>> = {
  admin: "Tout, dont les bénévoles, le journal et les sauvegardes",
  redaction: "Contenu, pages, blog, médias, menu, planning, messages",
  coach: "Planning et séances d'essai",
  tresorier: "Inscriptions et tarifs ; voit les séances d'essai",
};

/** The roles as checkboxes named "roles" (a person may hold several). */
export function RoleCheckboxes({
  legend = "Rôles",
  defaultRoles,
  error,
  idPrefix,
}: {
  legend?: string;
  defaultRoles: readonly string[];
  error?: string;
  /** Makes the error's id unique on a page with several of these. */
  idPrefix: string;
}) {
  const errorId = `${idPrefix}-roles-erreur`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      {ROLES.map((role) => (
        <label key={role} className="flex min-h-8 items-start gap-3 text-sm text-ink">
          <input
            type="checkbox"
            name="roles"
            value={role}
            defaultChecked={defaultRoles.includes(role)}
            aria-invalid={error ? true : undefined}
            className="mt-0.5 size-4 shrink-0 accent-teal-dark"
          />
          <span>
            <span className="font-semibold">{ROLE_LABELS[role]}</span>
            <span className="block text-gray-700">{ROLE_HINTS[role]}</span>
          </span>
        </label>
      ))}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
