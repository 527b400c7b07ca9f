import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { ACCOUNT_PATH } from "~/components/admin/shell/nav-links";
import { SettingsCard } from "./settings-sections";

/** Paramètres › Compte: what is one's own is set in Mon compte, where this tab leads. */
export function AccountSettingsLink() {
  return (
    <SettingsCard
      title="Mon compte"
      description="Votre identifiant, votre adresse e-mail, votre mot de passe et la double authentification."
    >
      <p className="text-sm text-gray-700">
        Chaque bénévole règle son propre compte. L'adresse e-mail sert à recevoir un lien quand le
        mot de passe est oublié.
      </p>
      <Link to={ACCOUNT_PATH} className={buttonClasses({ className: "self-start" })}>
        Ouvrir Mon compte
      </Link>
    </SettingsCard>
  );
}
