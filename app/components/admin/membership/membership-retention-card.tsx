import { MEMBERSHIP_RETENTION } from "~/domains/membership/membership-retention";
import { SettingsCard } from "../content/settings/settings-sections";

/**
 * The membership's retention (RGPD), read-only: fixed rules the daily sweep applies
 * (app/domains/membership/retention.server.ts), told to families on /confidentialite.
 */
export function MembershipRetentionCard() {
  return (
    <SettingsCard
      title="Adhésions : conservation des données"
      description="Appliquée automatiquement chaque jour ; ces durées ne se modifient pas ici."
    >
      <dl className="flex flex-col gap-3 text-sm">
        <div>
          <dt className="font-semibold">Adhérents qui ne renouvellent pas</dt>
          <dd className="text-gray-700">{MEMBERSHIP_RETENTION.members}</dd>
        </div>
        <div>
          <dt className="font-semibold">Date de grâce</dt>
          <dd className="text-gray-700">
            {MEMBERSHIP_RETENTION.grace} Elle se règle dans Adhésions › Saisons et tarifs ; les
            adhérents d'une saison qui ne sont pas réinscrits à la suivante sont anonymisés le
            lendemain de la date de grâce de cette saison suivante.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Paiements</dt>
          <dd className="text-gray-700">{MEMBERSHIP_RETENTION.payments}</dd>
        </div>
        <div>
          <dt className="font-semibold">Dossiers non envoyés</dt>
          <dd className="text-gray-700">{MEMBERSHIP_RETENTION.drafts}</dd>
        </div>
        <div>
          <dt className="font-semibold">Avis de paiement HelloAsso</dt>
          <dd className="text-gray-700">{MEMBERSHIP_RETENTION.notifications}</dd>
        </div>
      </dl>
    </SettingsCard>
  );
}
