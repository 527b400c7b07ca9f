import type { Default, Id, Stamp } from "./columns";

/*
 * The volunteers domain's tables: accounts, sessions, sign-in links, second factor and the sign-in
 * limit (app/domains/volunteers/).
 */

/** Volunteers' accounts; roles, e-mail, deactivation and TOTP from migration 020. */
export interface UsersTable {
  id: Id;
  username: string;
  password_hash: string;
  /** Lowercased; null for an account made before migration 020 until it is typed. */
  email: string | null;
  /** Space-separated roles (app/domains/volunteers/capabilities.ts). */
  roles: Default<string>;
  deactivated_at: Stamp | null;
  /** The TOTP secret, encrypted with DATA_DIR's key (app/utils/secret-box.server.ts). */
  totp_secret: string | null;
  /** When the second factor was confirmed; null: not enrolled (a pending secret may exist). */
  totp_enabled_at: Stamp | null;
  /** The last TOTP time step accepted: a code is never taken twice. */
  totp_last_step: number | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Stamp;
  last_used_at: Stamp;
  expires_at: Stamp;
  ip: Default<string>;
  user_agent: Default<string>;
  /** "" full session; "code" awaiting the second factor; "enrol" must enrol first. */
  pending: Default<string>;
  /** 1 once the session proved a second factor (migration 027), else 0. */
  second_factor: Default<number>;
}

/** Single-use links (migration 020): an invitation or a password reset, hashed. */
export interface UserTokensTable {
  id: Id;
  user_id: number;
  /** invitation | reset */
  purpose: string;
  token_hash: string;
  ip: Default<string>;
  created_at: Stamp;
  expires_at: Stamp;
  used_at: Stamp | null;
}

/** A second factor's single-use recovery codes, hashed (migration 020). */
export interface RecoveryCodesTable {
  id: Id;
  user_id: number;
  code_hash: string;
  created_at: Stamp;
  used_at: Stamp | null;
}

export interface LoginAttemptsTable {
  id: Id;
  ip: string;
  username: string;
  succeeded: number;
  attempted_at: Stamp;
}
