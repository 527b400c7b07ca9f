import { useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { SettingsCard } from "~/components/admin/content/settings/settings-sections";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";

/*
 * The form of « Paiement en ligne » (app/routes/admin/helloasso/helloasso-settings.tsx): HelloAsso's
 * account, the notifications, and « Tester la connexion ». The secrets are never sent to
 * the browser: the form says whether one is stored, and an empty field keeps it.
 */

type Errors = Partial<
  Record<
    "enabled" | "organizationSlug" | "clientId" | "clientSecret" | "allowlist" | "signatureKey",
    string
  >
>;

export interface PaymentSettingsValues {
  enabled: boolean;
  organizationSlug: string;
  clientId: string;
  sandbox: boolean;
  instalments: boolean;
  allowlist: string;
}

/** The account's names, copied from HelloAsso as they are: the browser must not correct them. */
const ACCOUNT_NAMES: {
  name: "organizationSlug" | "clientId";
  label: string;
  description?: string;
}[] = [
  {
    name: "organizationSlug",
    label: "Nom de l'organisation sur HelloAsso",
    description:
      "La fin de l'adresse HelloAsso de l'association : pour https://www.helloasso.com/associations/boxing-club-exemple, saisissez boxing-club-exemple.",
  },
  { name: "clientId", label: "Identifiant du client API" },
];

export interface PaymentSettingsFormProps {
  /** What the fields start from: the stored settings, or what was typed before a refusal. */
  values: PaymentSettingsValues;
  hasClientSecret: boolean;
  hasSignatureKey: boolean;
  /** The stored row's updated_at (null: none yet), sent back by a save. */
  loadedAt: string | null;
  notificationUrl: string;
  defaultAddresses: { production: string[]; sandbox: string[] };
  errors: Errors;
}

function useSending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function Checkbox({
  name,
  label,
  hint,
  defaultChecked,
  error,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  defaultChecked: boolean;
  error?: string;
}) {
  const hintId = `${name}-aide`;
  const errorId = `${name}-erreur`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1">
      <label className="flex min-h-10 items-start gap-3 text-sm text-ink">
        <input
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          className="mt-0.5 size-4 shrink-0 accent-teal-dark"
        />
        <span>
          <span className="font-semibold">{label}</span>
          {hint && (
            <span id={hintId} className="block text-gray-700">
              {hint}
            </span>
          )}
        </span>
      </label>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const STORED_SECRET = "Un secret est enregistré : laissez vide pour le garder.";

export function PaymentSettingsForm({
  values,
  hasClientSecret,
  hasSignatureKey,
  loadedAt,
  notificationUrl,
  defaultAddresses,
  errors,
}: PaymentSettingsFormProps) {
  const saving = useSending("save");
  const [sandbox, setSandbox] = useState(values.sandbox);
  const addresses = defaultAddresses[sandbox ? "sandbox" : "production"].join(", ");
  return (
    <Form method="post" noValidate className="flex flex-col gap-6">
      <input type="hidden" name="loadedAt" value={loadedAt ?? ""} />
      <SettingsCard
        title="Compte HelloAsso"
        description="Les informations de l'association sur HelloAsso. Elles servent à créer le paiement de chaque famille."
      >
        <Checkbox
          name="enabled"
          label="Activer le paiement par carte (HelloAsso)"
          hint="Décoché : le formulaire d'adhésion ne propose que le paiement au club."
          defaultChecked={values.enabled}
          error={errors.enabled}
        />
        {ACCOUNT_NAMES.map(({ name, label, description }) => (
          <Field key={name} label={label} error={errors[name]} description={description}>
            <Input
              name={name}
              defaultValue={values[name]}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              maxLength={300}
            />
          </Field>
        ))}
        <Field
          label="Secret du client API"
          error={errors.clientSecret}
          description={hasClientSecret ? STORED_SECRET : undefined}
        >
          <Input name="clientSecret" type="password" autoComplete="off" maxLength={300} />
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-semibold text-ink">Environnement</legend>
          {(
            [
              ["production", "Production", false],
              ["sandbox", "Test (sandbox)", true],
            ] as const
          ).map(([value, label, isSandbox]) => (
            <label key={value} className="flex min-h-10 items-center gap-3 text-sm text-ink">
              <input
                type="radio"
                name="environment"
                value={value}
                defaultChecked={values.sandbox === isSandbox}
                onChange={() => setSandbox(isSandbox)}
                className="size-4 accent-teal-dark"
              />
              {label}
            </label>
          ))}
          <p className="text-sm text-gray-600">
            Test : le site de démonstration de HelloAsso (helloasso-sandbox.com), avec ses propres
            clés API ; aucun paiement n'y est réel.
          </p>
        </fieldset>
        <Checkbox
          name="instalments"
          label="Proposer le paiement en 3 fois"
          hint="La famille peut payer en trois prélèvements mensuels sur sa carte."
          defaultChecked={values.instalments}
        />
      </SettingsCard>

      <SettingsCard
        title="Notifications de HelloAsso"
        description="HelloAsso prévient le site de chaque paiement : le dossier de la famille est alors marqué payé."
      >
        <Field
          label="Adresse de notification à donner à HelloAsso"
          description={
            <>
              Copiez-la dans HelloAsso, « Mon compte &gt; Intégrations et API », à la rubrique des
              notifications (cliquez dans le champ pour la sélectionner).
              {notificationUrl.startsWith("https://") ? null : (
                <strong className="mt-1 block font-semibold text-amber-900">
                  Cette adresse n'est pas publique en https : HelloAsso ne pourra pas la joindre.
                  Vérifiez « Adresse du site » dans Paramètres › Général.
                </strong>
              )}
            </>
          }
        >
          <Input
            value={notificationUrl}
            readOnly
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
        </Field>
        <Field
          label="Adresses autorisées pour les notifications"
          error={errors.allowlist}
          description={`Une adresse IP par ligne. Vide : celles de HelloAsso (${addresses}).`}
        >
          <Textarea
            name="allowlist"
            defaultValue={values.allowlist}
            rows={3}
            spellCheck={false}
            autoCapitalize="none"
          />
        </Field>
        <Field
          label="Clé de signature des notifications"
          error={errors.signatureKey}
          description={
            hasSignatureKey
              ? "Une clé est enregistrée : laissez vide pour la garder."
              : "Facultative : la clé que HelloAsso donne pour signer ses notifications."
          }
        >
          <Input name="signatureKey" type="password" autoComplete="off" maxLength={300} />
        </Field>
        {hasSignatureKey && (
          <Checkbox
            name="clearSignatureKey"
            label="Effacer la clé de signature"
            defaultChecked={false}
          />
        )}
      </SettingsCard>

      <div>
        <Button type="submit" name="intent" value="save" busy={saving}>
          {saving ? "Enregistrement..." : "Enregistrer"}
        </Button>
      </div>
    </Form>
  );
}

/** « Tester la connexion »: a token asked with the settings saved, even while off. */
export function ConnectionTest() {
  const testing = useSending("test");
  return (
    <SettingsCard
      title="Tester la connexion"
      description="Demande un accès à HelloAsso avec les réglages enregistrés (même désactivés) : enregistrez d'abord vos changements."
    >
      <Form method="post">
        <Button type="submit" variant="secondary" name="intent" value="test" busy={testing}>
          {testing ? "Test en cours..." : "Tester la connexion"}
        </Button>
      </Form>
    </SettingsCard>
  );
}
