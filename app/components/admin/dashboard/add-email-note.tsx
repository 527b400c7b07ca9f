import { AtSign } from "lucide-react";
import { Link } from "react-router";
import { ACCOUNT_PATH } from "~/components/admin/shell/nav-links";
import { DashboardNotice } from "./dashboard-notice";

/**
 * The dashboard's request to a volunteer whose account has no e-mail (the first admin is
 * made without one): « Mot de passe oublié » mails a link, so without it a lost password
 * needs the server's operator.
 */
export function AddEmailNote() {
  return (
    <DashboardNotice
      id="ajouter-email"
      icon={AtSign}
      title="Ajoutez votre adresse e-mail"
      spacing="gap-2"
    >
      <p>
        Votre compte n'a pas d'adresse e-mail : si vous oubliez votre mot de passe, « Mot de passe
        oublié » ne pourra pas vous envoyer de lien.
      </p>
      <Link to={ACCOUNT_PATH} className="self-start font-semibold underline">
        Ajouter mon e-mail dans Mon compte
      </Link>
    </DashboardNotice>
  );
}
