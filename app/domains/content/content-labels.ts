/* French labels of the content editor: fields, list items and blocks, by their keys. */

const LABELS: Record<string, string> = {
  title: "Titre",
  subtitle: "Sous-titre",
  text: "Texte",
  description: "Description",
  buttonText: "Texte du bouton",
  primaryButtonText: "Texte du bouton principal",
  primaryButtonLink: "Lien du bouton principal",
  secondaryButtonText: "Texte du bouton secondaire",
  secondaryButtonLink: "Lien du bouton secondaire",
  contactButtonText: "Texte du bouton de contact",
  callButtonText: "Texte du bouton d'appel",
  trialButtonText: "Texte du bouton cours d'essai",
  backgroundImage: "Image de fond",
  image: "Image",
  icon: "Icône",
  metaDescription: "Description pour les moteurs de recherche",
  paragraphs: "Paragraphes",
  highlights: "Chiffres clés",
  value: "Valeur",
  label: "Libellé",
  features: "Atouts",
  items: "Éléments",
  bring: "À apporter",
  bringTitle: "Titre de la liste « à apporter »",
  addressLabel: "Libellé de l'adresse",
  phoneLabel: "Libellé du téléphone",
  emailLabel: "Libellé de l'e-mail",
  metro: "Métro et tram",
  bus: "Bus",
  car: "Voiture",
  metroLabel: "Libellé métro et tram",
  busLabel: "Libellé bus",
  carLabel: "Libellé voiture",
  linkText: "Texte du lien",
  icsLinkText: "Texte du lien agenda",
  icsHelp: "Aide pour l'agenda",
  notice: "Mention",
  dayLabel: "Libellé du jour",
  timeLabel: "Libellé des horaires",
  ageLabel: "Libellé de l'âge",
  categoryLabel: "Libellé du public",
  galleryTitle: "Titre de la galerie",
  backLinkText: "Texte du lien retour",
  trialText: "Texte cours d'essai",
  authorPrefix: "Préfixe de l'auteur",
  members: "Membres de l'équipe",
  name: "Prénom ou nom",
  role: "Rôle",
  diplomas: "Diplômes",
  photo: "Photo",
  quotes: "Témoignages",
  quote: "Témoignage",
  relation: "Lien avec le club (ex. : maman de Léo, 8 ans)",
};

/** A French label for a content key: from the dictionary, else the camelCase words. */
export function fieldLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ITEM_NAMES: Record<string, string> = {
  paragraphs: "Paragraphe",
  highlights: "Chiffre clé",
  features: "Atout",
  items: "Élément",
  bring: "Élément à apporter",
  members: "Membre",
  diplomas: "Diplôme",
  quotes: "Témoignage",
};

/**
 * Lists whose default items stand in for the club's own people (the team, the
 * testimonials): the editor marks an item still named like one of them as an example, in
 * the back office only; the public page shows it as written.
 */
const EXAMPLE_NOTES: Record<string, string> = {
  members: "Exemples à remplacer par l'équipe du club",
  quotes: "Exemples à remplacer par de vrais témoignages de parents et d'adhérents",
};

/** The note of a list of examples, or undefined for an ordinary list. */
export function exampleNoteOf(key: string): string | undefined {
  return EXAMPLE_NOTES[key];
}

/** The name of one item of a list ("Paragraphe 2"). */
export function itemNameOf(key: string): string {
  return ITEM_NAMES[key] ?? "Élément";
}

const CATEGORY_LABELS: Record<string, string> = {
  hero: "Bannière d'accueil",
  home: "Page d'accueil",
  footer: "Pied de page",
  about: "À propos",
  disciplines: "Page Disciplines",
  training: "Page Entraînements",
  entreprise: "Page Entreprise",
  contact: "Page Contact",
  infos: "Infos pratiques",
  tarifs: "Tarifs",
  inscription: "Inscription",
  planning: "Planning",
  blog: "Blog",
  activity: "Page d'une activité",
};

const SECTION_LABELS: Record<string, string> = {
  main: "Principal",
  hero: "Bannière",
  about: "À propos",
  disciplines: "Disciplines",
  formats: "Formats d'entraînement",
  freeTrial: "Cours d'essai",
  news: "Actualités",
  team: "L'équipe",
  testimonials: "Ils en parlent",
  section: "Sections",
  flexibility: "Formule souple",
  cta: "Appel à l'action",
  info: "Coordonnées",
  hours: "Horaires",
  access: "Accès",
  map: "Carte",
  address: "Adresse",
  calendar: "Calendrier",
  timetable: "Emploi du temps",
  contact: "Contact",
  equipment: "Équipement",
  rules: "Règles",
  health: "Santé",
  useful: "Bon à savoir",
  documents: "Documents",
  payment: "Paiement",
  steps: "Étapes",
  forms: "Formulaires",
  details: "Détails",
  feed: "Flux RSS",
  article: "Article",
};

export function blockTitle(category: string, section: string): string {
  const page = CATEGORY_LABELS[category] ?? fieldLabel(category);
  return `${page} · ${SECTION_LABELS[section] ?? fieldLabel(section)}`;
}

/** A block whose page also shows what another screen edits: where that is. */
const BLOCK_NOTES: Record<string, { text: string; linkText: string; to: string }> = {
  "contact/hours": {
    text: "Les jours et les heures affichés sous ce titre sont ceux du pied de page, modifiés dans",
    linkText: "Paramètres › Horaires",
    to: "/admin/settings?tab=horaires",
  },
};

export function blockNote(category: string, section: string) {
  return BLOCK_NOTES[`${category}/${section}`];
}
