// Données initiales du site (disciplines, formats d'entraînement, planning, actualités).
// Textes par défaut, modifiables ensuite depuis l'administration.

export interface SeedDiscipline {
  title: string;
  subtitle: string;
  description: string;
  details: string[];
  conclusion: string;
  color: "light" | "dark" | "gold";
}

export interface SeedTrainingFormat {
  title: string;
  subtitle: string;
  description: string;
  details: string[];
  conclusion: string;
  iconName: "Users" | "Target" | "Heart";
  color: "light" | "dark" | "gold";
}

export interface SeedPost {
  title: string;
  subtitle: string;
  excerpt: string;
  content: string;
  category: "actualite" | "evenement" | "competition" | "stage";
  author: string;
  /** ISO instant, computed from the install date (seedPosts). */
  publishedAt: string;
  isFeatured: boolean;
}

export const SEED_DISCIPLINES: SeedDiscipline[] = [
  {
    title: "Boxe anglaise loisir",
    subtitle: "Apprendre à boxer, se dépenser et progresser à son rythme",
    description:
      "La boxe anglaise loisir s'adresse à tous les adultes qui veulent découvrir le noble art ou reprendre une activité physique complète. Les séances associent travail technique, exercices aux pattes d'ours et au sac, et oppositions à thème toujours contrôlées. Aucun coup n'est porté pour faire mal : on boxe pour apprendre, avec respect du partenaire.",
    details: [
      "Ouvert aux débutants comme aux confirmés",
      "Garde, déplacements et enchaînements de base",
      "Travail au sac, aux pattes d'ours et à la corde",
      "Oppositions légères et encadrées, sans obligation",
      "Amélioration du cardio, de la coordination et de la confiance en soi",
    ],
    conclusion:
      "Une boxe conviviale et exigeante à la fois, pour se sentir mieux dans son corps et dans sa tête.",
    color: "light",
  },
  {
    title: "Boxe anglaise compétition",
    subtitle: "Préparer les combats amateurs avec un encadrement sérieux",
    description:
      "Le groupe compétition accueille les boxeurs motivés qui souhaitent monter sur le ring en boxe amateur. L'entraînement est plus intense et plus structuré : technique fine, sparring encadré, préparation physique et travail tactique. Chaque boxeur est accompagné individuellement, de la première sélection jusqu'au jour du combat.",
    details: [
      "Accès sur avis des entraîneurs, après une période en loisir",
      "Sparring régulier, avec protections et sous surveillance",
      "Préparation physique spécifique et gestion du poids",
      "Accompagnement en interclubs, tournois et galas",
      "Suivi médical adapté à la pratique en compétition",
    ],
    conclusion:
      "La compétition se prépare avec patience et discipline, et le club est à vos côtés à chaque étape.",
    color: "dark",
  },
  {
    title: "Boxe éducative",
    subtitle: "Une première découverte de la boxe pour les enfants dès 6 ans",
    description:
      "La boxe éducative permet aux enfants de découvrir la boxe anglaise en toute sécurité : les touches sont contrôlées et ne visent jamais à faire mal. À travers des jeux, des ateliers et des petits parcours, les enfants développent leur motricité, leur concentration et leur confiance. Les règles de respect et de politesse font partie intégrante de chaque séance.",
    details: [
      "Enfants de 6 à 11 ans, groupes par tranche d'âge",
      "Touches contrôlées, aucune recherche de puissance",
      "Jeux d'adresse, de réaction et de coordination",
      "Apprentissage du salut, du respect et de l'écoute",
      "Gants et protections prêtés par le club",
    ],
    conclusion:
      "Un sport complet et rassurant, où les enfants prennent confiance en eux tout en s'amusant.",
    color: "gold",
  },
  {
    title: "Boxe ados et juniors",
    subtitle: "Un cadre motivant pour les 12-17 ans",
    description:
      "Les cours ados permettent aux jeunes de 12 à 17 ans de progresser techniquement tout en canalisant leur énergie. Les entraîneurs veillent à l'assiduité, au respect des autres et à un apprentissage progressif. Les plus motivés peuvent ensuite s'orienter vers l'assaut éducatif ou la compétition, toujours avec l'accord des parents.",
    details: [
      "Technique, déplacements et esquives",
      "Oppositions éducatives, touches contrôlées",
      "Renforcement musculaire adapté à l'âge",
      "Esprit d'équipe et respect des règles du club",
      "Passerelle possible vers la compétition",
    ],
    conclusion: "Un vrai lieu de progression pour les jeunes, sur le ring comme en dehors.",
    color: "dark",
  },
  {
    title: "Boxe féminine",
    subtitle: "Un créneau pensé pour les femmes, quel que soit le niveau",
    description:
      "Le cours de boxe féminine offre un cadre bienveillant pour découvrir la boxe anglaise ou s'y perfectionner entre femmes. Technique, cardio et renforcement s'enchaînent dans une ambiance motivante, sans jugement. Toutes les adhérentes restent évidemment les bienvenues sur l'ensemble des cours mixtes du club.",
    details: [
      "Ouvert aux débutantes comme aux pratiquantes confirmées",
      "Technique de boxe, travail au sac et aux pattes d'ours",
      "Cardio et renforcement de tout le corps",
      "Gain de confiance en soi et d'aisance physique",
      "Opposition uniquement sur la base du volontariat",
    ],
    conclusion: "Un moment pour soi, pour se dépasser et partager l'énergie d'un groupe soudé.",
    color: "light",
  },
  {
    title: "Cardio boxing",
    subtitle: "La boxe version fitness, sans opposition",
    description:
      "Le cardio boxing reprend les gestes de la boxe anglaise dans un format fitness rythmé et accessible. Enchaînements au sac, circuits, corde à sauter et gainage se succèdent pour travailler l'endurance et la tonicité. Il n'y a aucun contact avec un partenaire : chacun avance à son propre niveau d'intensité.",
    details: [
      "Aucun contact, aucune opposition",
      "Circuits training et enchaînements au sac",
      "Corde à sauter, gainage et renforcement musculaire",
      "Intensité adaptée à chaque participant",
      "Idéal pour reprendre le sport ou se remettre en forme",
    ],
    conclusion:
      "Une séance qui fait du bien, pour se défouler et gagner en forme semaine après semaine.",
    color: "gold",
  },
];

export const SEED_TRAINING_FORMATS: SeedTrainingFormat[] = [
  {
    title: "Cours collectifs",
    subtitle: "Progresser ensemble, dans une ambiance motivante",
    description:
      "Les cours collectifs sont le cœur de la vie du club. Encadrés par nos entraîneurs, ils réunissent des boxeurs de tous niveaux autour d'un échauffement commun, d'un travail technique et d'exercices en binôme. L'énergie du groupe aide chacun à se dépasser.",
    details: [
      "Groupes par âge : enfants, ados et adultes",
      "Échauffement, technique et ateliers en binôme",
      "Exercices adaptés au niveau de chacun",
      "Ambiance conviviale et respectueuse",
      "Plusieurs créneaux du lundi au samedi",
    ],
    conclusion: "La meilleure façon de découvrir la boxe et de garder la motivation toute l'année.",
    iconName: "Users",
    color: "light",
  },
  {
    title: "Coaching individuel et petits groupes",
    subtitle: "Un suivi personnalisé pour des objectifs précis",
    description:
      "Pour aller plus loin, nos entraîneurs proposent un accompagnement en individuel ou en très petit groupe. Ce format permet de corriger finement la technique, de préparer une échéance ou de reprendre la boxe en douceur. Le contenu est construit avec vous, selon votre niveau et vos objectifs.",
    details: [
      "Analyse et correction de la technique",
      "Travail intensif aux pattes d'ours",
      "Préparation d'une compétition ou d'un passage de niveau",
      "Reprise progressive après une pause",
      "Créneaux à définir avec l'entraîneur",
    ],
    conclusion: "Un format sur mesure pour progresser plus vite et avec précision.",
    iconName: "Target",
    color: "dark",
  },
  {
    title: "Boxe santé et cardio",
    subtitle: "Prendre soin de soi grâce à la boxe",
    description:
      "Ce format met la boxe au service de la forme et du bien-être. Sans opposition, les séances travaillent l'endurance, la coordination, l'équilibre et la tonicité musculaire. C'est une porte d'entrée idéale pour celles et ceux qui reprennent une activité physique ou qui veulent simplement se sentir mieux.",
    details: [
      "Pratique sans contact, accessible à tous",
      "Amélioration du souffle et de l'endurance",
      "Renforcement musculaire en douceur",
      "Coordination, équilibre et mobilité",
      "Réduction du stress et regain d'énergie",
    ],
    conclusion:
      "Une activité complète pour bouger, se défouler et retrouver le plaisir de l'effort.",
    iconName: "Heart",
    color: "gold",
  },
];

// ---------------------------------------------------------------------------------------
// News: three articles whose dates and words follow the install date, so that a season's
// event is never dated in another season (a stage « des vacances d'automne » published in
// late November read as a site nobody looks after). Their subjects stay the same whatever
// the date, in this order, since each one has its own seed picture: a youth holiday stage
// (put forward), a youth interclubs meeting, joining the club.

const DAY_MS = 86_400_000;

/** The school holidays a stage announced in this month (0 = January) takes place in. */
function holidaysOf(month: number): string {
  if (month === 8 || month === 9) return "de la Toussaint";
  if (month === 10 || month === 11) return "de Noël";
  if (month <= 1) return "d'hiver";
  if (month <= 3) return "de printemps";
  return "d'été";
}

function holidayStage(publishedAt: Date): SeedPost {
  const holidays = holidaysOf(publishedAt.getUTCMonth());
  return {
    title: `Stage de boxe pendant les vacances ${holidays}`,
    subtitle: "Des matinées de boxe pour les enfants et les ados pendant les vacances scolaires",
    excerpt: `Pendant les vacances ${holidays}, le club organise un stage de boxe éducative pour les 8-15 ans. Les places sont limitées, pensez à vous inscrire rapidement.`,
    content: `Pendant les vacances ${holidays}, le club ouvre ses portes aux jeunes boxeurs pour un stage de plusieurs matinées. L'objectif est simple : profiter des congés pour progresser, se dépenser et partager de bons moments, dans un cadre encadré et sécurisé.\n\nLe stage s'adresse aux enfants et aux ados de 8 à 15 ans, adhérents du club ou non. Les participants sont répartis en groupes selon leur âge et leur niveau, afin que chacun puisse travailler à son rythme.\n\nAu programme : technique de boxe anglaise, travail aux pattes d'ours et au sac, jeux de coordination, préparation physique adaptée à l'âge et assauts éducatifs à touches contrôlées. Un temps est aussi consacré aux règles de la boxe et aux valeurs du club : respect, maîtrise de soi et entraide.\n\nAucun niveau n'est requis. Les gants sont prêtés par le club ; il suffit de venir en tenue de sport, avec des baskets propres, une bouteille d'eau et une petite collation.\n\nLe nombre de places est volontairement limité pour garantir un encadrement de qualité. Les dates, horaires et modalités d'inscription sont disponibles auprès des entraîneurs, à la salle ou via la page Contact du site.\n\nNous avons hâte d'accueillir vos enfants pour ces matinées sportives !`,
    category: "stage",
    author: "L'équipe d'entraîneurs",
    publishedAt: publishedAt.toISOString(),
    isFeatured: true,
  };
}

/** Interclubs are held from September to June: a summer date moves back to mid-June. */
function interclubs(wanted: Date): SeedPost {
  const month = wanted.getUTCMonth();
  const publishedAt =
    month === 6 || month === 7 ? new Date(Date.UTC(wanted.getUTCFullYear(), 5, 21, 17, 0)) : wanted;
  // The first meeting of a season from September to December; another one afterwards.
  const early = publishedAt.getUTCMonth() >= 8;
  return {
    title: "Belle journée pour nos jeunes boxeurs en interclubs",
    subtitle: "Retour sur la rencontre interclubs de boxe éducative",
    excerpt: early
      ? "Nos jeunes boxeurs ont participé à leur première rencontre interclubs de la saison. Une journée riche en émotions et en progrès, dans un excellent état d'esprit."
      : "Nos jeunes boxeurs ont participé à une nouvelle rencontre interclubs. Une journée riche en émotions et en progrès, dans un excellent état d'esprit.",
    content: `Le week-end dernier, plusieurs jeunes du club ont participé à une rencontre interclubs de boxe éducative organisée dans la région lyonnaise. ${early ? "Pour beaucoup d'entre eux, il s'agissait d'une toute première expérience devant des juges et un public." : "Pour certains, c'était une première expérience devant des juges et un public ; pour d'autres, l'occasion de mesurer le chemin parcouru depuis la rentrée."}\n\nLa boxe éducative se pratique à touches contrôlées : ce sont la technique, la précision et la maîtrise qui sont récompensées, et non la puissance. Nos boxeurs ont su appliquer ce qu'ils travaillent chaque semaine à l'entraînement, avec sérieux et concentration.\n\nAu-delà des résultats, les entraîneurs retiennent surtout l'attitude exemplaire du groupe : salut de l'adversaire, respect des décisions des juges et encouragements constants entre coéquipiers. C'est exactement l'esprit que nous souhaitons transmettre au club.\n\nUn grand merci aux parents qui ont accompagné les jeunes et les ont soutenus tout au long de la journée, ainsi qu'aux clubs qui nous ont accueillis pour cette belle rencontre.\n\n${early ? "Cette journée marque le début d'une saison que nous espérons riche en progrès. D'autres rencontres sont prévues dans les prochains mois" : "D'autres rencontres sont prévues d'ici la fin de la saison"} : les jeunes intéressés peuvent en parler à leur entraîneur pendant les cours.`,
    category: "competition",
    author: "L'équipe d'entraîneurs",
    publishedAt: publishedAt.toISOString(),
    isFeatured: false,
  };
}

const JOIN_COMMON =
  "Vous n'avez jamais boxé ? Aucun problème. Chaque nouveau venu peut profiter d'un cours d'essai gratuit pour découvrir l'ambiance du club et la méthode de nos entraîneurs. Les gants sont prêtés pour cette première séance : venez simplement en tenue de sport, avec des baskets propres et une bouteille d'eau.\n\nLe planning couvre toute la semaine : boxe éducative le mercredi après-midi et le samedi matin, cours ados en début de soirée, séances adultes le soir et créneaux de cardio boxing à l'heure du déjeuner. Vous trouverez tous les horaires sur la page Planning.\n\nPour finaliser votre inscription, pensez à préparer le formulaire d'inscription, un certificat médical de non contre-indication à la pratique de la boxe et, pour les mineurs, une autorisation parentale. Le règlement peut se faire par chèque, en plusieurs fois, et le Pass'Sport est accepté.\n\nLe bureau et l'équipe d'entraîneurs se tiennent à votre disposition pour répondre à toutes vos questions, à la salle pendant les horaires d'ouverture ou via le formulaire de contact du site.";

/**
 * Joining the club: the rentrée from late August to mid-October, the next season's
 * registrations from June to mid-August, mid-season otherwise.
 */
function joinTheClub(publishedAt: Date): SeedPost {
  const month = publishedAt.getUTCMonth();
  const day = publishedAt.getUTCDate();
  const common = {
    category: "actualite" as const,
    author: "Le bureau du club",
    publishedAt: publishedAt.toISOString(),
    isFeatured: false,
  };
  if ((month === 7 && day >= 20) || month === 8 || (month === 9 && day <= 15)) {
    return {
      ...common,
      title: "C'est la rentrée : les inscriptions sont ouvertes !",
      subtitle: "Enfants, ados, adultes : une nouvelle saison de boxe commence",
      excerpt:
        "La nouvelle saison démarre au club. Les inscriptions sont ouvertes pour tous les âges et tous les niveaux, avec un cours d'essai gratuit pour découvrir la boxe.",
      content: `Après la pause estivale, les gants sont de retour ! Le club reprend ses entraînements et ouvre les inscriptions pour la nouvelle saison, avec des cours pour les enfants dès 6 ans, les ados, les adultes, les femmes, en loisir comme en compétition.\n\n${JOIN_COMMON}\n\nBelle rentrée sportive à toutes et à tous, et à très vite sur le ring !`,
    };
  }
  if (month >= 5 && month <= 7) {
    return {
      ...common,
      title: "Saison prochaine : les inscriptions sont ouvertes",
      subtitle: "Réservez dès maintenant votre place pour la rentrée",
      excerpt:
        "Les inscriptions pour la saison prochaine sont ouvertes : enfants dès 6 ans, ados et adultes, avec un cours d'essai gratuit pour découvrir la boxe.",
      content: `La saison touche à sa fin et le club prépare déjà la rentrée. Les inscriptions pour la saison prochaine sont ouvertes, avec des cours pour les enfants dès 6 ans, les ados, les adultes, les femmes, en loisir comme en compétition.\n\n${JOIN_COMMON}\n\nBel été à toutes et à tous, et à très vite sur le ring !`,
    };
  }
  return {
    ...common,
    title: "Il est encore temps de rejoindre le club !",
    subtitle: "Enfants, ados, adultes : on peut commencer la boxe en cours de saison",
    excerpt:
      "La saison bat son plein et il reste des places dans plusieurs cours. Les inscriptions restent ouvertes pour tous les âges et tous les niveaux, avec un cours d'essai gratuit.",
    content: `La saison bat son plein, et il n'est pas trop tard pour nous rejoindre : il reste des places dans plusieurs cours, pour les enfants dès 6 ans, les ados, les adultes, les femmes, en loisir comme en compétition.\n\n${JOIN_COMMON}\n\nÀ très vite sur le ring !`,
  };
}

/** The seed's three articles for an install on `now`, in the order of their pictures. */
export function seedPosts(now: Date): SeedPost[] {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return [holidayStage(daysAgo(3)), interclubs(daysAgo(12)), joinTheClub(daysAgo(30))];
}
