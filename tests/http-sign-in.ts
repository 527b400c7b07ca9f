/*
 * Signing in over HTTP through the real login form, as the two-servers test and the
 * bench's burst do against a running server. An admin of a fresh install must enrol a
 * second factor first (docs/decisions/018-two-factor-sign-in.md): it is done through Mon
 * compte, as a volunteer would with an authenticator app.
 */
import { totpCode } from "../app/domains/volunteers/totp.server";

const ACCOUNT_PATH = "/admin/settings/account";

/** fetch, or a client of the same shape (tests/nginx's, through TLS). */
type Send = (url: string, init?: RequestInit) => Promise<Response>;

/** The session cookie ("__session=…") of a full session for this user. */
export async function signInOverHttp(
  origin: string,
  { username, password }: { username: string; password: string },
): Promise<string> {
  const response = await fetch(`${origin}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin },
    body: new URLSearchParams({ username, password, redirectTo: "/admin" }),
  });
  const cookie = response.headers.get("set-cookie")?.match(/__session=[^;]+/)?.[0];
  if (!cookie) throw new Error(`Connexion refusée : HTTP ${response.status}`);
  if (response.headers.get("location") === ACCOUNT_PATH) await enrolSecondFactor(origin, cookie);
  return cookie;
}

/**
 * Enrols the signed-in volunteer's second factor through Mon compte; returns its base32
 * secret, read from the page as a volunteer copies it into an authenticator app.
 */
export async function enrolSecondFactor(
  origin: string,
  cookie: string,
  send: Send = fetch,
): Promise<string> {
  const post = (fields: Record<string, string>) =>
    send(`${origin}${ACCOUNT_PATH}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: origin, Cookie: cookie },
      body: new URLSearchParams(fields),
    });
  await (await post({ intent: "2fa-start" })).arrayBuffer();
  const page = await (
    await send(`${origin}${ACCOUNT_PATH}`, { headers: { Cookie: cookie } })
  ).text();
  const secret = page.match(/<textarea[^>]*>([A-Z2-7 ]+)<\/textarea>/)?.[1];
  if (!secret) throw new Error("Double authentification : clé introuvable dans Mon compte");
  const confirmed = await post({ intent: "2fa-confirm", code: totpCode(secret) });
  await confirmed.arrayBuffer();
  if (confirmed.status !== 200) {
    throw new Error(`Double authentification refusée : HTTP ${confirmed.status}`);
  }
  return secret;
}
