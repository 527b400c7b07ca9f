import * as z from "~/core/zod";
import { EmailField } from "~/components/admin/volunteers/account/account-schema";
import { ROLES } from "~/domains/volunteers/capabilities";

/*
 * The forms of the volunteers' accounts, checked in the browser and again by the server:
 * the invitation (Bénévoles) and a change of roles (the new password chosen from an
 * invitation or a reset link: NewPasswordSchema, app/components/admin/volunteers/account/account-schema.ts).
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
  email: EmailField,
  roles: RolesField,
});

export type InviteErrors = Partial<Record<"username" | "email" | "roles", string>>;

export const RolesSchema = z.object({ roles: RolesField });

/** What the Bénévoles screen's forms read from a submission: the text fields and the roles. */
export function readInvite(form: FormData) {
  return {
    username: String(form.get("username") ?? ""),
    email: String(form.get("email") ?? ""),
    roles: form.getAll("roles").map(String),
  };
}
