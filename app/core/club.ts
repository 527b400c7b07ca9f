/*
 * The club's identity as built in: its name, e-mail and address until an admin enters
 * the club's own in Paramètres (app/domains/content/defaults.ts puts them among every setting's
 * default). NOTE: the phone, e-mail and street are stand-ins; city and postal code are
 * the spec's.
 */

export const CLUB_CITY = "MEYZIEU";
export const CLUB_POSTAL_CODE = "69330";

/** Paramètres › Général. */
export const CLUB_GENERAL_DEFAULTS = {
  siteName: "Boxing Club de Meyzieu",
  tagline: "Boxe anglaise à Meyzieu, pour tous les âges et tous les niveaux",
  phoneNumber: "06 12 34 56 78",
  email: "contact@boxingclub-meyzieu.fr",
  // The club's address is mailed each trial booking and cancellation (off: Essais shows them).
  notifyTrials: false,
};

/** Paramètres › Adresse. */
export const CLUB_ADDRESS_DEFAULTS = {
  street: "Rue de la République",
  city: CLUB_CITY,
  postalCode: CLUB_POSTAL_CODE,
  googleMapsUrl: "https://www.google.com/maps/search/?api=1&query=Meyzieu%2069330",
};
