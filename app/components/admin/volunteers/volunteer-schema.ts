import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "~/content/defaults";
import { ROLES } from "~/utils/capabilities";

/*
 * The forms of the volunteers' accounts, checked in the browser and again by the server:
 * the invitation (Bénévoles), a change of roles, and the new password chosen from an
 * invitation or a reset link.
 */

export const USERNAME_MAX_LENGTH = 40;

const RolesField = z
  .array(z.enum(ROLES), { error: "Choisissez au moins un rôle" })
  .min(1, "Choisissez au moins un rôle");

export const InviteSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, "Le nom d'utilisateur est obligatoire")
    .min(2, "Le nom d'utilisateur doit contenir au moins 2 caractères")
    .max(USERNAME_MAX_LENGTH, "Le nom d'utilisateur ne doit pas dépasser 40 caractères")
    .regex(
      /^[A-Za-z0-9._-]+$/,
      "Le nom d'utilisateur ne peut contenir que des lettres sans accent, des chiffres, des points, des tirets et des tirets bas",
    ),
  email: z
    .string()
    .trim()
    .min(1, "L'adresse e-mail est obligatoire")
    .max(200, "L'adresse e-mail est trop longue")
    .pipe(z.email("Adresse e-mail invalide"))
    .transform((email) => email.toLowerCase()),
  roles: RolesField,
});

export type InviteErrors = Partial<Record<"username" | "email" | "roles", string>>;

export const RolesSchema = z.object({ roles: RolesField });

/** The new password, twice: the rules of the password change (Paramètres › Compte). */
export const NewPasswordSchema = z
  .object({
    newPassword: z
      .string()
      .min(
        PASSWORD_MIN_LENGTH,
        `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
      ),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: "Les mots de passe ne correspondent pas",
    path: ["confirmPassword"],
  });

export const NEW_PASSWORD_FIELDS = ["newPassword", "confirmPassword"] as const;
export type NewPasswordErrors = Partial<Record<(typeof NEW_PASSWORD_FIELDS)[number], string>>;

/** What the Bénévoles screen's forms read from a submission: the text fields and the roles. */
export function readInvite(form: FormData) {
  return {
    username: String(form.get("username") ?? ""),
    email: String(form.get("email") ?? ""),
    roles: form.getAll("roles").map(String),
  };
}
