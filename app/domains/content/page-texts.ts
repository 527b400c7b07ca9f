// Textes par défaut des pages publiques, classés par catégorie puis par section.
// Ces contenus sont modifiables ensuite depuis l'administration. Ceux de l'accueil sont dans
// page-texts-home.ts.
import { HOME_PAGE_TEXTS } from "./page-texts-home";

export const PAGE_TEXTS = {
  ...HOME_PAGE_TEXTS,
  disciplines: {
    hero: {
      title: "Nos disciplines",
      subtitle:
        "De la boxe éducative pour les enfants à la compétition amateur, chaque pratique est encadrée avec exigence et bienveillance.",
      metaDescription:
        "Boxe anglaise loisir et compétition, boxe éducative dès 6 ans, cours ados, boxe féminine et cardio boxing : découvrez les disciplines du club de Meyzieu.",
    },
    section: {
      contactButtonText: "Demander un cours d'essai",
    },
  },
  training: {
    hero: {
      title: "Nos formats d'entraînement",
      subtitle:
        "En groupe, en petit comité ou dans une optique santé : choisissez la façon de boxer qui correspond à vos objectifs.",
      metaDescription:
        "Cours collectifs, coaching individuel et boxe santé à Meyzieu : des entraînements de boxe anglaise adaptés à tous les niveaux et à tous les objectifs.",
    },
    freeTrial: {
      title: "Cours d'essai gratuit",
      text: "Chaque nouveau venu peut participer gratuitement à un premier cours pour découvrir le club, rencontrer les entraîneurs et tester la discipline de son choix, sans aucun engagement.",
      bringTitle: "Ce qu'il faut apporter",
      bring: [
        "Une tenue de sport confortable",
        "Des baskets propres, réservées à la salle",
        "Une bouteille d'eau",
        "Une serviette",
        "Vos bandes de boxe si vous en avez",
        "Pas de gants ? Ils sont prêtés pour le premier cours",
      ],
      buttonText: "Réserver mon cours d'essai",
    },
    section: {
      contactButtonText: "Nous contacter",
    },
  },
  entreprise: {
    hero: {
      title: "La boxe en entreprise",
      subtitle:
        "Des séances de boxe pour renforcer la cohésion de vos équipes, réduire le stress et favoriser le bien-être au travail.",
      metaDescription:
        "Séances de boxe anglaise pour les entreprises à Meyzieu et dans l'Est lyonnais : cohésion d'équipe, bien-être au travail et gestion du stress, sans contact.",
    },
    main: {
      title: "Un moment sportif fédérateur pour vos collaborateurs",
      text: "Le club propose aux entreprises des séances de boxe sans contact, accessibles à tous, quel que soit le niveau sportif des participants. Encadrées par nos entraîneurs, elles allient technique, cardio et exercices en binôme, dans une ambiance conviviale qui rapproche les équipes.",
      features: [
        {
          title: "Cohésion d'équipe",
          text: "Des exercices en binôme et en groupe qui favorisent l'entraide, la communication et la confiance entre collègues.",
          icon: "Users",
        },
        {
          title: "Bien-être et gestion du stress",
          text: "Une activité physique complète pour évacuer les tensions, retrouver de l'énergie et revenir au travail l'esprit plus léger.",
          icon: "Heart",
        },
        {
          title: "Séances sur mesure",
          text: "Un contenu adapté à vos objectifs et au niveau de vos équipes, de la simple découverte au cycle régulier.",
          icon: "Briefcase",
        },
      ],
    },
    flexibility: {
      title: "Une formule souple",
      text: "Séance ponctuelle, événement d'équipe ou rendez-vous régulier à l'heure du déjeuner : nous construisons avec vous la formule qui convient à votre organisation, au club ou dans vos locaux selon les possibilités.",
    },
    cta: {
      text: "Vous souhaitez proposer la boxe à vos collaborateurs ? Parlons-en ensemble.",
      buttonText: "Demander un devis",
    },
  },
  contact: {
    hero: {
      title: "Nous contacter",
      subtitle:
        "Une question sur les cours, les inscriptions ou le cours d'essai ? L'équipe du club vous répond avec plaisir.",
      metaDescription:
        "Contactez le club de boxe anglaise de Meyzieu : informations sur les cours, les inscriptions, les horaires et le cours d'essai gratuit. Réponse rapide.",
    },
    info: {
      title: "Nos coordonnées",
      addressLabel: "Adresse",
      phoneLabel: "Téléphone",
      emailLabel: "E-mail",
    },
    // The days and times are Paramètres > Horaires, as in the footer: one source, so the
    // two never disagree on one page (the spec's separate 18h30-20h30 did).
    hours: {
      title: "Horaires d'accueil",
    },
    freeTrial: {
      title: "Cours d'essai gratuit",
      text: "Vous souhaitez découvrir la boxe ? Réservez en ligne votre premier cours, offert et sans engagement. Une question ? Appelez le club ou passez à la salle pendant les horaires d'accueil.",
      buttonText: "Voir le planning des cours",
      callButtonText: "Appeler le club",
    },
    access: {
      title: "Accès",
      metro: "Tram T3, arrêt Meyzieu Z.I. ou Meyzieu Gare",
      bus: "Lignes TCL desservant le centre de Meyzieu",
      car: "Accès par la rocade Est (N346), parking gratuit à proximité",
      metroLabel: "Métro et tram",
      busLabel: "Bus",
      carLabel: "Voiture",
    },
    map: {
      title: "Nous trouver",
      buttonText: "Afficher la carte",
      linkText: "Ouvrir dans Google Maps",
      notice: "La carte est fournie par Google Maps et ne se charge qu'à votre demande.",
    },
  },
  planning: {
    hero: {
      title: "Planning des cours",
      subtitle:
        "Enfants, ados, adultes : retrouvez tous les créneaux de la semaine et choisissez celui qui vous convient.",
      metaDescription:
        "Planning des cours de boxe anglaise à Meyzieu : boxe éducative enfants, cours ados, adultes loisir et compétition, boxe féminine et cardio boxing du midi.",
    },
    address: {
      title: "Où se déroulent les cours ?",
      text: "Tous les cours ont lieu dans la salle du club à Meyzieu. L'adresse et les informations d'accès sont indiquées sur la page Contact.",
    },
    calendar: {
      linkText: "Consulter le calendrier du club",
      icsLinkText: "Ajouter le planning à mon agenda",
      icsHelp:
        "Abonnez-vous au planning depuis votre agenda (Google Agenda, Apple Calendrier, Outlook) : les horaires se mettent à jour automatiquement.",
    },
    timetable: {
      title: "Les cours de la semaine",
      subtitle:
        "Sélectionnez un cours pour découvrir son contenu, le public concerné et ce qu'il faut apporter.",
    },
    contact: {
      linkText: "Accès et contact",
    },
  },
  infos: {
    hero: {
      title: "Infos pratiques",
      subtitle:
        "Équipement, règles de la salle, santé : tout ce qu'il faut savoir pour bien s'entraîner au club.",
      metaDescription:
        "Infos pratiques du club de boxe de Meyzieu : équipement conseillé, règlement de la salle, certificat médical et conseils utiles pour bien débuter la boxe.",
    },
    equipment: {
      title: "Équipement",
      items: [
        "Tenue de sport confortable et baskets propres réservées à la salle",
        "Bandes de boxe et gants personnels (10 ou 12 oz selon le gabarit)",
        "Protège-dents, indispensable dès que l'on fait de l'opposition",
        "Corde à sauter, conseillée pour l'échauffement",
        "Casque et coquille ou protège-poitrine pour le sparring",
        "Gants prêtés pour le cours d'essai et pour les enfants qui débutent",
      ],
    },
    rules: {
      title: "Règles de la salle",
      items: [
        "Arriver à l'heure et saluer l'entraîneur en entrant",
        "Respecter ses partenaires, quel que soit leur niveau",
        "Ne jamais faire d'opposition sans l'accord de l'entraîneur",
        "Ranger le matériel après chaque séance",
        "Ongles courts, pas de bijoux pendant l'entraînement",
        "Les parents récupèrent les enfants à l'heure de fin du cours",
      ],
    },
    health: {
      title: "Santé et sécurité",
      items: [
        "Un certificat médical de non contre-indication à la pratique de la boxe est obligatoire pour s'inscrire",
        "Des examens médicaux complémentaires sont demandés pour la pratique en compétition",
        "Signalez à l'entraîneur toute blessure, douleur ou problème de santé",
        "Hydratez-vous avant, pendant et après l'effort",
        "Évitez de vous entraîner à jeun ou juste après un repas copieux",
      ],
    },
    useful: {
      title: "Bon à savoir",
      items: [
        "Un cours d'essai gratuit est proposé à tous les nouveaux venus",
        "Aucun niveau n'est requis pour débuter, à tout âge à partir de 6 ans",
        "Pensez à marquer vos affaires et votre matériel à votre nom",
        "Les cours sont adaptés pendant les vacances scolaires, renseignez-vous auprès des entraîneurs",
        "Les actualités du club sont publiées régulièrement sur le site",
      ],
    },
  },
  tarifs: {
    hero: {
      title: "Tarifs et adhésion",
      subtitle:
        "Une adhésion à l'année pour boxer toute la saison, avec des facilités de paiement pour les familles.",
      metaDescription:
        "Tarifs et adhésion au club de boxe anglaise de Meyzieu : documents à fournir, paiement en plusieurs fois, Pass'Sport accepté. Cours d'essai gratuit.",
    },
    documents: {
      title: "Documents à fournir",
      items: [
        "Formulaire d'inscription complété et signé",
        "Certificat médical de non contre-indication à la pratique de la boxe",
        "Une photo d'identité récente",
        "Autorisation parentale pour les mineurs",
        "Code Pass'Sport, le cas échéant",
      ],
    },
    payment: {
      title: "Modalités de paiement",
      items: [
        "Chèque, payable en 3 fois",
        "Pass'Sport accepté",
        "Certificat médical obligatoire pour valider l'inscription",
        "Adhésion valable pour toute la saison sportive",
      ],
    },
    contact: {
      text: "Une question sur les tarifs ou les modalités d'inscription ? N'hésitez pas à nous contacter, nous vous répondrons avec plaisir.",
      buttonText: "Nous contacter",
    },
  },
  inscription: {
    hero: {
      title: "Inscription",
      subtitle:
        "Rejoindre le club, c'est simple : quelques étapes suffisent pour commencer la saison.",
      metaDescription:
        "Inscrivez-vous au club de boxe anglaise de Meyzieu : cours d'essai gratuit, documents à fournir et étapes de l'inscription pour enfants, ados et adultes.",
    },
    steps: {
      title: "Les étapes de l'inscription",
      items: [
        "Participez à un cours d'essai gratuit pour découvrir le club",
        "Choisissez votre discipline et vos créneaux dans le planning",
        "Remplissez le formulaire d'inscription",
        "Faites établir votre certificat médical de non contre-indication à la boxe",
        "Remettez votre dossier complet et votre règlement à l'accueil du club",
      ],
    },
    forms: {
      title: "Formulaires d'inscription",
      subtitle: "Téléchargez, imprimez et complétez le formulaire qui vous concerne.",
    },
  },
  activity: {
    details: {
      title: "En bref",
      dayLabel: "Jour",
      timeLabel: "Horaires",
      ageLabel: "Âge",
      categoryLabel: "Public",
      galleryTitle: "En images",
      backLinkText: "Retour au planning",
      trialText: "Envie d'essayer ? Le premier cours est offert.",
      trialButtonText: "Réserver mon cours d'essai",
    },
  },
  blog: {
    hero: {
      title: "Actualités",
      subtitle:
        "Compétitions, stages, événements et vie du club : suivez toute l'actualité du Boxing Club de Meyzieu.",
      metaDescription:
        "Toute l'actualité du club de boxe anglaise de Meyzieu : résultats de compétitions, stages pendant les vacances, événements et informations sur la saison.",
      buttonText: "Réserver mon cours d'essai",
    },
    feed: {
      linkText: "S'abonner au flux RSS",
      title: "Actualités du Boxing Club de Meyzieu",
    },
    article: {
      backLinkText: "Retour au blog",
      authorPrefix: "Par",
    },
  },
  footer: {
    about: {
      description:
        "Club de boxe anglaise à Meyzieu, ouvert à tous dès 6 ans : boxe éducative, loisir, compétition et cardio boxing, dans le respect et la bonne humeur.",
    },
  },
} as const satisfies Record<string, Record<string, Record<string, unknown>>>;
