import { UploadField } from "~/components/admin/forms/upload-field";
import { RemoveButton } from "~/components/ui/remove-button";
import { SettingsCard, TextSetting, type SectionProps } from "./settings-sections";

/**
 * "Informations légales" › the payment attestations: the SIRET beside the RNA, who signs
 * and the signature printed above the name. An empty field is not printed.
 */
export function AttestationSettings(props: SectionProps<"legal">) {
  const { values, error, onChange } = props;
  return (
    <SettingsCard
      title="Attestations de paiement"
      description="Imprimés sur les attestations remises aux familles (comités d'entreprise), avec le nom, l'adresse et le numéro RNA ci-dessus. Un champ vide n'est pas imprimé."
    >
      <TextSetting
        props={props}
        field="siret"
        label="Numéro SIRET"
        inputMode="numeric"
        description="14 chiffres, si l'association en a un"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextSetting
          props={props}
          field="signatoryName"
          label="Nom du signataire"
          autoComplete="name"
          description="Vide : le président ci-dessus"
        />
        <TextSetting
          props={props}
          field="signatoryRole"
          label="Qualité du signataire"
          description="Par exemple : Trésorière"
        />
      </div>
      <UploadField
        kind="image"
        bucket="site-images"
        subpath="signature"
        label={values.signatureUrl ? "Remplacer la signature" : "Image de la signature"}
        value={values.signatureUrl || undefined}
        previewAlt="Signature"
        description="Facultative : une image (PNG ou JPEG, fond blanc) imprimée au-dessus du nom. Sans elle, l'attestation laisse la place d'une signature à la main."
        error={error("signatureUrl")}
        onUploaded={(file) => onChange({ ...values, signatureUrl: file.url })}
      />
      {values.signatureUrl ? (
        <RemoveButton
          className="self-start"
          onClick={() => onChange({ ...values, signatureUrl: "" })}
        >
          Retirer la signature
        </RemoveButton>
      ) : null}
    </SettingsCard>
  );
}
