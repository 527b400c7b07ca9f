import { action as householdAction } from "~/routes/site/membership/membership";
import { action as memberAction } from "~/routes/site/membership/membership-member";
import { action as membersAction } from "~/routes/site/membership/membership-members";
import { action as guardiansAction } from "~/routes/site/membership/membership-guardians";
import { action as consentsAction } from "~/routes/site/membership/membership-consents";
import { action as paymentAction } from "~/routes/site/membership/membership-payment";
import { callRoute, postRequest } from "./auth";

/*
 * A family going through /adhesion's steps with real Requests on the route actions:
 * what each step answers (a redirect, or the form back with French errors).
 */

export const HOUSEHOLD = {
  email: "Famille.Martin@Example.fr",
  phone: "06 12 34 56 78",
  address: "12 rue des Lilas",
  postal_code: "69330",
  city: "Meyzieu",
};

export const GUARDIAN = {
  g1_first_name: "Claire",
  g1_last_name: "Martin",
  g1_relation: "mère",
  g1_phone: "06 12 34 56 78",
  g1_email: "claire.martin@example.fr",
};

type Fields = Record<string, string>;

export async function post(
  fn: Parameters<typeof callRoute>[0],
  path: string,
  fields: Fields,
  params: Record<string, string>,
) {
  return callRoute(fn, postRequest(path, fields), {}, params);
}

/** Step a: returns the token of the new file (from the redirect). */
export async function startFile(fields: Fields = HOUSEHOLD) {
  const answer = await post(householdAction, "/adhesion", fields, {});
  const location = answer.headers.get("Location") ?? "";
  const token = /\/adhesion\/dossier\/([^/]+)\/membres$/.exec(location)?.[1];
  return { answer, token: token ?? "" };
}

export function steps(token: string) {
  const at = (step: string) => `/adhesion/dossier/${token}/${step}`;
  return {
    member: (key: string, fields: Fields) =>
      post(memberAction, at(`membres/${key}`), fields, { token, key }),
    members: (fields: Fields = {}) => post(membersAction, at("membres"), fields, { token }),
    guardians: (fields: Fields) => post(guardiansAction, at("responsables"), fields, { token }),
    consents: (fields: Fields) => post(consentsAction, at("autorisations"), fields, { token }),
    payment: (fields: Fields) => post(paymentAction, at("paiement"), fields, { token }),
  };
}

/** Every consent ticked for these member keys (the required and the optional ones). */
export function allConsents(keys: readonly string[], extra: Fields = {}): Fields {
  const fields: Fields = {};
  for (const key of keys) {
    for (const kind of [
      "reglement",
      "autorisation_parentale",
      "soins_urgence",
      "depart_seul",
      "droit_image",
      "medical",
    ]) {
      fields[`${key}.${kind}`] = "on";
    }
  }
  return { ...fields, ...extra };
}
