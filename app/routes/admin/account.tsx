import { readForm } from "~/utils/forms";
import { data, Link, redirect } from "react-router";
import { requireUser } from "~/utils/auth.server";
import { getClientIp } from "~/utils/load-context";
import type { Route } from "./+types/account";
import { changePassword } from "./settings.server";

/*
 * The password change now lives in the Settings screen's Compte tab; this address stays
 * for old links (the page sends there) and for forms already posting here.
 */

export const SETTINGS_ACCOUNT_TAB = "/admin/settings?tab=compte";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, { enrolling: true });
  throw redirect(SETTINGS_ACCOUNT_TAB);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, { enrolling: true });
  const { status, errors, success } = await changePassword(
    admin,
    await readForm(request),
    getClientIp(context),
  );
  return data({ errors, success }, { status });
}

export default function Account() {
  return (
    <p>
      Le changement de mot de passe se trouve dans{" "}
      <Link to={SETTINGS_ACCOUNT_TAB} className="font-semibold text-teal-dark underline">
        Paramètres, onglet Compte
      </Link>
      .
    </p>
  );
}
