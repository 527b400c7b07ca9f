/*
 * The e-mail domains families mistype most (French mailboxes and the big webmails): an
 * address at one of them gets « vouliez-vous dire … ? », never a refusal (a rare real
 * domain can look like a typo), and is kept as typed when it is sent again unchanged.
 */

const DOMAINS: Record<string, string> = {
  "gmial.com": "gmail.com",
  "gmal.com": "gmail.com",
  "gamil.com": "gmail.com",
  "gmaill.com": "gmail.com",
  "gmail.con": "gmail.com",
  "gmail.cm": "gmail.com",
  "gmail.cmo": "gmail.com",
  "gmail.om": "gmail.com",
  "gmail.fr": "gmail.com",
  "hotmial.com": "hotmail.com",
  "hotmal.com": "hotmail.com",
  "hotmail.con": "hotmail.com",
  "hotmial.fr": "hotmail.fr",
  "hotmail.fe": "hotmail.fr",
  "yahoo.con": "yahoo.com",
  "yaho.fr": "yahoo.fr",
  "yahou.fr": "yahoo.fr",
  "yahoo.fe": "yahoo.fr",
  "outlok.fr": "outlook.fr",
  "outlook.con": "outlook.com",
  "orange.fe": "orange.fr",
  "oragne.fr": "orange.fr",
  "ornage.fr": "orange.fr",
  "wanadoo.fe": "wanadoo.fr",
  "wanadou.fr": "wanadoo.fr",
  "laposte.ne": "laposte.net",
  "laposte.nte": "laposte.net",
  "free.fe": "free.fr",
  "sfr.fe": "sfr.fr",
  "icloud.con": "icloud.com",
  "icoud.com": "icloud.com",
};

/** The address meant, when its domain is a common typo: « lea@gmial.com » → « lea@gmail.com ». */
export function emailSuggestion(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 1) return null;
  const meant = DOMAINS[email.slice(at + 1).toLowerCase()];
  return meant ? `${email.slice(0, at)}@${meant}` : null;
}
