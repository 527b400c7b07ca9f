/*
 * Phone numbers as the club reads them: a French number in pairs ("06 11 22 33 44"), a
 * French number given with its country code as "+33 6 11 22 33 44"; any other
 * international number kept as typed, its spaces tidied.
 */

/** The number in its usual French spelling (see above); "" stays "". */
export function formatPhone(value: string): string {
  const typed = value.trim().replace(/\s+/g, " ");
  const international = /^(\+|00)/.test(typed);
  const digits = typed.replace(/\D/g, "");
  const national = international ? digits.replace(/^(00)?33(0)?(?=\d{9}$)/, "0") : digits;
  if (/^0\d{9}$/.test(national)) {
    const pairs = national.match(/\d\d/g)!.join(" ");
    return international ? `+33 ${pairs.slice(1)}` : pairs;
  }
  return typed;
}
