// Le planning initial de la semaine type (spec §5), modifiable ensuite depuis
// l'administration. Les séances d'essai : les cours adultes ouverts à tous et
// deux cours jeunes ; pas la compétition ni le sparring, réservés aux pratiquants.
// Les autres données initiales sont dans seed-data.ts.

export interface SeedActivity {
  title: string;
  category: "adult" | "junior" | "kids";
  day: "Lundi" | "Mardi" | "Mercredi" | "Jeudi" | "Vendredi" | "Samedi" | "Dimanche";
  startTime: string;
  endTime: string;
  color: string;
  description: string;
  ageRange: string;
  longDescription: string;
  /** Accepts trial sessions, from this age; absent: no trials. */
  trial?: { minAge: number };
}

const ADULT_COLOR = "#5ECFCB";
const JUNIOR_COLOR = "#D4AF37";
const KIDS_COLOR = "#F28C28";

export const SEED_ACTIVITIES: SeedActivity[] = [
  {
    title: "Boxe ados",
    trial: { minAge: 12 },
    category: "junior",
    day: "Lundi",
    startTime: "18h00",
    endTime: "19h00",
    color: JUNIOR_COLOR,
    description: "Cours de boxe anglaise pour les ados, axé sur la technique et le respect.",
    ageRange: "12-17 ans",
    longDescription:
      "Échauffement, déplacements, enchaînements aux pattes d'ours et au sac.\nOppositions éducatives à touches contrôlées, encadrées par l'entraîneur.\nÀ prévoir : tenue de sport, baskets propres, bouteille d'eau.\nTous niveaux, débutants bienvenus.",
  },
  {
    title: "Boxe anglaise loisir",
    trial: { minAge: 18 },
    category: "adult",
    day: "Lundi",
    startTime: "19h00",
    endTime: "20h30",
    color: ADULT_COLOR,
    description: "Séance complète de boxe anglaise pour les adultes de tous niveaux.",
    ageRange: "18 ans et +",
    longDescription:
      "Échauffement, technique, travail au sac et aux pattes d'ours, puis renforcement.\nOppositions légères à thème pour ceux qui le souhaitent.\nÀ prévoir : tenue de sport, bandes, gants si vous en avez, bouteille d'eau.\nOuvert aux débutants comme aux confirmés.",
  },
  {
    title: "Cardio boxing midi",
    trial: { minAge: 18 },
    category: "adult",
    day: "Mardi",
    startTime: "12h15",
    endTime: "13h15",
    color: ADULT_COLOR,
    description: "Une heure de cardio boxing sans contact pour se défouler à la pause déjeuner.",
    ageRange: "18 ans et +",
    longDescription:
      "Circuits au sac, corde à sauter, gainage et renforcement musculaire.\nAucune opposition, chacun adapte l'intensité à sa forme du jour.\nÀ prévoir : tenue de sport, serviette, bouteille d'eau.\nAccessible à tous, idéal pour une reprise sportive.",
  },
  {
    title: "Boxe ados",
    category: "junior",
    day: "Mardi",
    startTime: "18h00",
    endTime: "19h00",
    color: JUNIOR_COLOR,
    description: "Deuxième séance de la semaine pour les ados qui veulent progresser.",
    ageRange: "12-17 ans",
    longDescription:
      "Travail technique en binôme, esquives, contres et déplacements sur le ring.\nRenforcement musculaire adapté à l'âge en fin de séance.\nÀ prévoir : tenue de sport, baskets propres, bouteille d'eau.\nTous niveaux.",
  },
  {
    title: "Boxe anglaise compétition",
    category: "adult",
    day: "Mardi",
    startTime: "19h00",
    endTime: "21h00",
    color: ADULT_COLOR,
    description: "Entraînement intensif du groupe compétition, sur sélection des entraîneurs.",
    ageRange: "18 ans et +",
    longDescription:
      "Technique avancée, travail tactique et sparring encadré avec protections.\nPréparation physique spécifique aux combats amateurs.\nÀ prévoir : gants, bandes, protège-dents, casque et coquille ou protège-poitrine.\nNiveau confirmé, accès après accord des entraîneurs.",
  },
  {
    title: "Boxe éducative 6-8 ans",
    category: "kids",
    day: "Mercredi",
    startTime: "14h00",
    endTime: "15h00",
    color: KIDS_COLOR,
    description: "Découverte ludique de la boxe pour les plus jeunes, en toute sécurité.",
    ageRange: "6-8 ans",
    longDescription:
      "Jeux de réaction, parcours de motricité et premiers gestes de boxe.\nAucune recherche de puissance : on apprend à toucher sans faire mal.\nÀ prévoir : tenue de sport, baskets propres, gourde. Les gants sont prêtés.\nDébutants bienvenus.",
  },
  {
    title: "Boxe éducative 9-11 ans",
    category: "kids",
    day: "Mercredi",
    startTime: "15h15",
    endTime: "16h15",
    color: KIDS_COLOR,
    description: "Apprentissage des bases de la boxe anglaise par le jeu et l'exercice.",
    ageRange: "9-11 ans",
    longDescription:
      "Garde, déplacements, coups droits et premiers enchaînements.\nAssauts éducatifs à touches contrôlées, toujours encadrés.\nÀ prévoir : tenue de sport, baskets propres, gourde. Les gants sont prêtés.\nTous niveaux.",
  },
  {
    title: "Juniors perfectionnement",
    category: "junior",
    day: "Mercredi",
    startTime: "17h30",
    endTime: "19h00",
    color: JUNIOR_COLOR,
    description: "Séance de perfectionnement pour les jeunes déjà à l'aise avec les bases.",
    ageRange: "12-17 ans",
    longDescription:
      "Enchaînements avancés, travail tactique et préparation physique.\nAssauts éducatifs et préparation des jeunes qui souhaitent aller vers la compétition.\nÀ prévoir : gants, bandes, protège-dents, bouteille d'eau.\nNiveau intermédiaire, sur avis de l'entraîneur.",
  },
  {
    title: "Boxe féminine",
    trial: { minAge: 16 },
    category: "adult",
    day: "Mercredi",
    startTime: "19h15",
    endTime: "20h30",
    color: ADULT_COLOR,
    description: "Un cours réservé aux femmes, entre technique, cardio et renforcement.",
    ageRange: "16 ans et +",
    longDescription:
      "Technique de boxe, travail au sac et aux pattes d'ours, gainage.\nOpposition uniquement pour celles qui le souhaitent.\nÀ prévoir : tenue de sport, bandes si vous en avez, bouteille d'eau.\nTous niveaux, ambiance bienveillante.",
  },
  {
    title: "Technique et cardio midi",
    trial: { minAge: 18 },
    category: "adult",
    day: "Jeudi",
    startTime: "12h15",
    endTime: "13h15",
    color: ADULT_COLOR,
    description: "Un entraînement court et efficace qui mêle technique de boxe et cardio.",
    ageRange: "18 ans et +",
    longDescription:
      "Ateliers techniques aux pattes d'ours, enchaînements au sac et circuits cardio.\nSans opposition, pour travailler la précision et le souffle.\nÀ prévoir : tenue de sport, serviette, bouteille d'eau.\nTous niveaux.",
  },
  {
    title: "Boxe anglaise loisir",
    trial: { minAge: 18 },
    category: "adult",
    day: "Jeudi",
    startTime: "19h00",
    endTime: "20h30",
    color: ADULT_COLOR,
    description: "Deuxième séance loisir de la semaine pour progresser en technique.",
    ageRange: "18 ans et +",
    longDescription:
      "Travail technique par thème, exercices en binôme et oppositions à thème.\nRenforcement musculaire et étirements en fin de séance.\nÀ prévoir : tenue de sport, bandes, gants si vous en avez, protège-dents.\nOuvert à tous les niveaux.",
  },
  {
    title: "Assauts et sparring encadré",
    category: "adult",
    day: "Vendredi",
    startTime: "18h30",
    endTime: "20h30",
    color: ADULT_COLOR,
    description:
      "Séance dédiée à l'opposition, avec protections et sous le regard des entraîneurs.",
    ageRange: "18 ans et +",
    longDescription:
      "Échauffement, rappels techniques puis rounds d'opposition à intensité adaptée.\nLes binômes sont constitués par l'entraîneur selon le gabarit et le niveau.\nÀ prévoir : gants, bandes, protège-dents, casque et coquille ou protège-poitrine.\nPour les adhérents ayant déjà quelques mois de pratique.",
  },
  {
    title: "Boxe éducative du samedi",
    trial: { minAge: 6 },
    category: "kids",
    day: "Samedi",
    startTime: "10h00",
    endTime: "11h00",
    color: KIDS_COLOR,
    description: "Le rendez-vous du samedi matin pour bouger et apprendre la boxe en s'amusant.",
    ageRange: "6-11 ans",
    longDescription:
      "Jeux d'adresse, motricité, coordination et gestes techniques de base.\nTouches contrôlées et respect du partenaire à chaque exercice.\nÀ prévoir : tenue de sport, baskets propres, gourde. Les gants sont prêtés.\nTous niveaux.",
  },
  {
    title: "Boxe ados du samedi",
    category: "junior",
    day: "Samedi",
    startTime: "11h15",
    endTime: "12h30",
    color: JUNIOR_COLOR,
    description: "Une séance complète le samedi matin pour les ados de tous niveaux.",
    ageRange: "12-17 ans",
    longDescription:
      "Technique, travail au sac, corde à sauter et oppositions éducatives.\nUn créneau pratique pour ceux qui ne peuvent pas venir en semaine.\nÀ prévoir : tenue de sport, baskets propres, bouteille d'eau.\nDébutants et confirmés.",
  },
];
