import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea, type InputProps } from "~/components/ui/input";
import { Badge } from "~/components/ui/badge";
import { SettingsCard } from "~/components/admin/content/settings/settings-sections";
import { formatMediumDateTime } from "~/core/date-format";
import { FormError, useSending } from "./account-forms";
import { errorsOf, type AccountAnswer } from "./account-schema";
import { QrCode, type QrDrawing } from "./qr-code";
import { RecoveryCodes } from "./recovery-codes";

export interface TwoFactorData {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  enrolment: { secret: string; qr: QrDrawing } | null;
}

/** The six digits of the authenticator app, typed on the digits keyboard. */
function CodeInput(props: InputProps) {
  return (
    <Input
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      className="max-w-40"
      {...props}
    />
  );
}

function Enrolment({
  enrolment,
  answer,
}: {
  enrolment: NonNullable<TwoFactorData["enrolment"]>;
  answer: AccountAnswer | undefined;
}) {
  const errors = errorsOf(answer, "2fa-confirm");
  const sending = useSending("2fa-confirm");
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-gray-800">
        <li>
          Installez une application d'authentification sur votre téléphone (Google Authenticator,
          Microsoft Authenticator, FreeOTP, Aegis…).
        </li>
        <li>Scannez ce QR code avec l'application, ou saisissez-y la clé affichée dessous.</li>
        <li>Saisissez le code à 6 chiffres que l'application affiche.</li>
      </ol>
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:gap-6">
        <QrCode drawing={enrolment.qr} label="QR code à scanner avec l'application" />
        <Field label="Clé à saisir à la main" className="w-full max-w-xs">
          <Textarea
            value={enrolment.secret}
            readOnly
            rows={2}
            className="min-h-0 resize-none font-mono"
          />
        </Field>
      </div>
      <Form method="post" noValidate className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="2fa-confirm" />
        <Field label="Code à 6 chiffres" error={errors.code} required>
          <CodeInput />
        </Field>
        <div>
          <Button type="submit" busy={sending}>
            Activer
          </Button>
        </div>
      </Form>
    </div>
  );
}

function Regenerate({ answer }: { answer: AccountAnswer | undefined }) {
  const errors = errorsOf(answer, "2fa-regenerate");
  const sending = useSending("2fa-regenerate");
  return (
    <Form method="post" noValidate className="flex flex-col gap-3 border-t border-gray-200 pt-4">
      <input type="hidden" name="intent" value="2fa-regenerate" />
      <h3 className="font-bold text-ink">Nouveaux codes de secours</h3>
      <p className="text-sm text-gray-700">
        Les anciens codes ne vaudront plus rien. Confirmez avec votre mot de passe ou un code à 6
        chiffres.
      </p>
      <FormError message={errors.form} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Field label="Mot de passe actuel" error={errors.currentPassword}>
          <Input name="currentPassword" type="password" autoComplete="current-password" />
        </Field>
        <Field label="ou code à 6 chiffres" error={errors.code}>
          <CodeInput />
        </Field>
      </div>
      <div>
        <Button type="submit" variant="secondary" busy={sending}>
          Régénérer les codes de secours
        </Button>
      </div>
    </Form>
  );
}

function Disable({
  required,
  roles,
  answer,
}: {
  required: boolean;
  roles: string[];
  answer: AccountAnswer | undefined;
}) {
  const errors = errorsOf(answer, "2fa-disable");
  const sending = useSending("2fa-disable");
  if (required) {
    return (
      <p className="border-t border-gray-200 pt-4 text-sm text-gray-700">
        Votre rôle ({roles.join(", ")}) exige la double authentification : elle ne peut pas être
        désactivée. En cas de téléphone perdu, utilisez un code de secours, ou demandez à la
        personne qui gère le serveur de la réinitialiser.
      </p>
    );
  }
  return (
    <Form method="post" noValidate className="flex flex-col gap-3 border-t border-gray-200 pt-4">
      <input type="hidden" name="intent" value="2fa-disable" />
      <h3 className="font-bold text-ink">Désactiver la double authentification</h3>
      <FormError message={errors.form} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Field label="Mot de passe actuel" error={errors.currentPassword} required>
          <Input name="currentPassword" type="password" autoComplete="current-password" />
        </Field>
        <Field label="Code à 6 chiffres" error={errors.code} required>
          <CodeInput />
        </Field>
      </div>
      <div>
        <Button type="submit" variant="danger" busy={sending}>
          Désactiver
        </Button>
      </div>
    </Form>
  );
}

export function TwoFactorCard({
  twoFactor,
  enrolling,
  required,
  roles,
  answer,
}: {
  twoFactor: TwoFactorData;
  enrolling: boolean;
  required: boolean;
  roles: string[];
  answer: AccountAnswer | undefined;
}) {
  const description = enrolling
    ? `Votre rôle (${roles.join(", ")}) donne accès à des données sensibles : la connexion demande, en plus du mot de passe, un code affiché par une application sur votre téléphone. Activez-la pour continuer.`
    : "En plus du mot de passe, un code à 6 chiffres affiché par une application de votre téléphone : un mot de passe volé ne suffit plus pour entrer.";
  const codes = answer?.recoveryCodes;
  const starting = useSending("2fa-start");
  return (
    <SettingsCard title="Double authentification" description={description}>
      {codes && answer.next ? (
        <RecoveryCodes codes={codes} next={answer.next} />
      ) : twoFactor.enabled ? (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
            <Badge tone="success">Activée</Badge>
            {twoFactor.enabledAt && (
              <span>depuis le {formatMediumDateTime(twoFactor.enabledAt)}.</span>
            )}
            <span>Codes de secours restants : {twoFactor.recoveryCodesLeft}.</span>
          </p>
          <Regenerate answer={answer} />
          <Disable required={required} roles={roles} answer={answer} />
        </>
      ) : twoFactor.enrolment ? (
        <Enrolment enrolment={twoFactor.enrolment} answer={answer} />
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="2fa-start" />
          <Button type="submit" busy={starting}>
            Activer la double authentification
          </Button>
        </Form>
      )}
    </SettingsCard>
  );
}
