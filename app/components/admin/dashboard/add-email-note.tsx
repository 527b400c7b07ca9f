import { AtSign } from "lucide-react";
import { Link } from "react-router";
import { ACCOUNT_PATH } from "~/components/admin/shell/nav-links";

/**
 * The dashboard's request to a volunteer whose account has no e-mail (the first admin is
 * made without one): « Mot de passe oublié » mails a link, so without it a lost password
 * needs the server's operator.
 */
export function AddEmailNote() {
  return (
    <section
      aria-labelledby="ajouter-email"
      className="mb-6 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <h2 id="ajouter-email" className="flex items-center gap-2 text-base font-semibold text-ink">
        <AtSign aria-hidden="true" className="size-5 shrink-0" />
        Ajoutez votre adresse e-mail
      </h2>
      <p>
        Votre compte n'a pas d'adresse e-mail : si vous oubliez votre mot de passe, « Mot de passe
        oublié » ne pourra pas vous envoyer de lien.
      </p>
      <Link to={ACCOUNT_PATH} className="self-start font-semibold underline">
        Ajouter mon e-mail dans Mon compte
      </Link>
    </section>
  );
}
