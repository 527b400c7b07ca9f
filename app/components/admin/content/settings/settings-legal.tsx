import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { MembershipRetentionCard } from "../../membership/membership-retention-card";
import { AttestationSettings } from "./settings-attestation";
import { SettingsCard, TextSetting, type SectionProps } from "./settings-sections";

/** A number of months (1 to 36) personal data is kept, shown on /confidentialite. */
function RetentionField({
  props,
  field,
  label,
  description,
}: {
  props: SectionProps<"legal">;
  field: "messageRetentionMonths" | "trialRetentionMonths";
  label: string;
  description: string;
}) {
  const { values, error, onChange } = props;
  const months = values[field];
  return (
    <Field label={label} error={error(field)} description={description}>
      <Input
        type="number"
        inputMode="numeric"
        min={1}
        max={36}
        className="max-w-32"
        value={Number.isNaN(months) ? "" : months}
        onChange={(event) => onChange({ ...values, [field]: event.target.valueAsNumber })}
      />
    </Field>
  );
}

/** "Informations légales": what /mentions-legales and /confidentialite show. */
export function LegalSettings(props: SectionProps<"legal">) {
  return (
    <div className="flex flex-col gap-6">
      <SettingsCard
        title="Informations légales"
        description={
          <>
            Affichées sur les pages{" "}
            <a className="underline" href="/mentions-legales">
              Mentions légales
            </a>{" "}
            et{" "}
            <a className="underline" href="/confidentialite">
              Confidentialité
            </a>{" "}
            du site.
          </>
        }
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextSetting
            props={props}
            field="associationName"
            label="Nom de l'association"
            required
          />
          <TextSetting
            props={props}
            field="rnaNumber"
            label="Numéro RNA"
            description="W suivi de 9 chiffres"
          />
        </div>
        <TextSetting props={props} field="seat" label="Siège de l'association" required />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextSetting
            props={props}
            field="president"
            label="Président (directeur de la publication)"
            autoComplete="name"
          />
          <TextSetting props={props} field="federation" label="Fédération d'affiliation" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextSetting props={props} field="hostName" label="Hébergeur du site" />
          <TextSetting props={props} field="hostAddress" label="Adresse de l'hébergeur" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <RetentionField
            props={props}
            field="messageRetentionMonths"
            label="Conservation des messages de contact (mois)"
            description="Les messages plus anciens sont effacés automatiquement (12 mois par défaut)."
          />
          <RetentionField
            props={props}
            field="trialRetentionMonths"
            label="Conservation des réservations d'essai (mois)"
            description="Effacées automatiquement ce nombre de mois après leur séance (12 par défaut)."
          />
        </div>
      </SettingsCard>
      <AttestationSettings {...props} />
      <MembershipRetentionCard />
    </div>
  );
}
