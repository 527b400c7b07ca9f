import * as z from "~/core/zod";
import { PASSWORD_MIN_LENGTH } from "~/domains/content/defaults";

/* Mon compte's rules and messages, for the browser and the server alike. */

export const ACCOUNT_MESSAGES = {
  passwordChanged: "Mot de passe modifié avec succès",
  passwordNotChanged: "Le mot de passe n'a pas été modifié : corrigez les champs signalés.",
  wrongPassword: "Mot de passe actuel incorrect",
  emailSaved: "Adresse e-mail enregistrée",
  emailTaken: "Cette adresse est déjà celle d'un autre compte.",
  enrolCodeWrong:
    "Code incorrect : vérifiez l'heure de votre téléphone et saisissez le code affiché.",
  enrolled: "Double authentification activée",
  codeRequired: "Le code est obligatoire",
  codeWrong: "Code incorrect ou déjà utilisé",
  codesTooMany: "Trop de codes erronés. Réessayez dans 15 minutes.",
  passwordOrCode: "Saisissez votre mot de passe ou un code à 6 chiffres.",
  regenerated: "Nouveaux codes de secours créés : les anciens ne valent plus rien.",
  disabled: "Double authentification désactivée",
  disableRequired: (roles: string) =>
    `Votre rôle (${roles}) exige la double authentification : elle ne peut pas être désactivée. ` +
    "En cas de téléphone perdu, utilisez un code de secours ou demandez à l'administrateur du serveur de la réinitialiser.",
  sessionEnded: "Session terminée",
  sessionGone: "Cette session était déjà terminée.",
  othersEnded: (count: number) =>
    count === 1 ? "1 autre session terminée" : `${count} autres sessions terminées`,
  failed: "L'opération n'a pas abouti : réessayez.",
} as const;

/** A new password, twice: the rules of every form that sets one. */
const NEW_PASSWORD = {
  newPassword: z
    .secret()
    .min(
      PASSWORD_MIN_LENGTH,
      `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
    ),
  confirmPassword: z.secret(),
};

const passwordsMatch = (values: { newPassword: string; confirmPassword: string }) =>
  values.newPassword === values.confirmPassword;
const PASSWORDS_DIFFER = {
  message: "Les mots de passe ne correspondent pas",
  path: ["confirmPassword"],
};

/** Mon compte's password change. */
export const PasswordChangeSchema = z
  .object({
    currentPassword: z.secret().min(1, "Le mot de passe actuel est obligatoire"),
    ...NEW_PASSWORD,
  })
  .refine(passwordsMatch, PASSWORDS_DIFFER);

/** The password chosen from an invitation or a reset link. */
export const NewPasswordSchema = z.object(NEW_PASSWORD).refine(passwordsMatch, PASSWORDS_DIFFER);

export const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
export type PasswordErrors = Partial<Record<(typeof PASSWORD_FIELDS)[number], string>>;
export const NEW_PASSWORD_FIELDS = ["newPassword", "confirmPassword"] as const;
export type NewPasswordErrors = Partial<Record<(typeof NEW_PASSWORD_FIELDS)[number], string>>;

/** An account's address (sign-in, reset, invitation): stored lowercased, one account each. */
export const EmailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "L'adresse e-mail est obligatoire")
  .max(254, "L'adresse e-mail est trop longue")
  .pipe(z.email("Adresse e-mail invalide"));

export const EmailSchema = z.object({ email: EmailField });

/** What Mon compte's action answers (account.server.ts), read by each of its forms. */
export interface AccountAnswer {
  intent: string | null;
  errors: Record<string, string>;
  /** New recovery codes, shown once. */
  recoveryCodes: string[] | null;
  /** Where "J'ai noté mes codes" leads. */
  next: string | null;
  /** The e-mail as typed, given back with its error. */
  email?: string;
}

/** The answer's errors when it is this form's, else none. */
export function errorsOf(answer: AccountAnswer | undefined, intent: string) {
  return answer?.intent === intent ? answer.errors : {};
}
