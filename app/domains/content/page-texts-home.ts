// Textes par défaut de la page d'accueil (bandeau, présentation du club, blocs de l'accueil),
// classés par catégorie puis par section ; les autres pages sont dans page-texts.ts.

export const HOME_PAGE_TEXTS = {
  hero: {
    main: {
      title: "Boxing Club de Meyzieu",
      subtitle:
        "La boxe anglaise pour tous, dès 6 ans : loisir, compétition, boxe éducative et cardio boxing, dans un club où l'on progresse avec sécurité et respect.",
      primaryButtonText: "Réserver mon cours d'essai",
      primaryButtonLink: "/essai",
      secondaryButtonText: "Découvrir nos disciplines",
      secondaryButtonLink: "/disciplines",
      backgroundImage: "",
      metaDescription:
        "Club de boxe anglaise à Meyzieu, près de Lyon : cours enfants dès 6 ans, ados et adultes, loisir, compétition et cardio boxing. Cours d'essai gratuit.",
    },
  },
  about: {
    main: {
      title: "Bienvenue au club",
      subtitle: "Un club de boxe anglaise ouvert à tous, au cœur de Meyzieu",
      paragraphs: [
        "Le Boxing Club de Meyzieu accueille enfants, ados et adultes qui souhaitent découvrir la boxe anglaise, se remettre en forme ou préparer la compétition. Quels que soient votre âge et votre niveau, vous trouverez ici un cadre sérieux, chaleureux et motivant.",
        "Nos entraîneurs placent la sécurité et la pédagogie au centre de chaque séance. On apprend d'abord à se protéger, à se déplacer et à maîtriser ses gestes, puis on progresse pas à pas, sans brûler les étapes.",
        "Au club, la boxe est avant tout une école de respect : respect du partenaire, de l'entraîneur et de soi-même. C'est cet état d'esprit qui fait la force de notre groupe, sur le ring comme en dehors.",
      ],
      image: "",
      // Who the club is for, in the home's first two phone screens: a parent's first question.
      highlights: [
        { value: "Enfants", label: "boxe éducative dès 6 ans" },
        { value: "Ados", label: "de 12 à 17 ans" },
        { value: "Adultes", label: "loisir, compétition, cardio" },
      ],
    },
  },
  home: {
    disciplines: {
      title: "Nos disciplines",
      subtitle:
        "Boxe loisir ou compétition, boxe éducative, cours ados, boxe féminine ou cardio boxing : trouvez la pratique qui vous ressemble.",
    },
    formats: {
      title: "Nos formats d'entraînement",
      subtitle:
        "Cours collectifs, coaching personnalisé ou boxe santé : plusieurs façons de s'entraîner selon vos envies et vos objectifs.",
    },
    // The club's own people: the seed's members and quotes are examples the back office
    // marks as such (EXAMPLE_LISTS in content-labels.ts) until the club replaces them.
    team: {
      title: "L'équipe",
      subtitle:
        "Des entraîneurs diplômés et des bénévoles passionnés encadrent chaque séance, des plus jeunes aux compétiteurs.",
      members: [
        {
          name: "Karim",
          role: "Entraîneur principal, adultes et compétition",
          diplomas: ["BPJEPS Boxe", "Diplôme d'État"],
          photo: "",
        },
        {
          name: "Sophie",
          role: "Entraîneuse boxe éducative et boxe féminine",
          diplomas: ["Moniteur fédéral", "PSC1 (premiers secours)"],
          photo: "",
        },
        {
          name: "Julien",
          role: "Bénévole, cardio boxing et boxe santé",
          diplomas: ["Moniteur fédéral"],
          photo: "",
        },
        {
          name: "Nadia",
          role: "Présidente, accueil des familles",
          diplomas: ["Juge-arbitre régionale"],
          photo: "",
        },
      ],
    },
    testimonials: {
      title: "Ils en parlent",
      subtitle: "Parents et adhérents racontent leur club.",
      quotes: [
        {
          quote:
            "Léo était très timide en arrivant. Après quelques mois de boxe éducative, il a pris confiance en lui et il attend le mercredi avec impatience.",
          name: "Aurélie",
          relation: "maman de Léo, 8 ans",
        },
        {
          quote:
            "Je cherchais un sport pour me défouler après le travail. L'ambiance est chaleureuse, on progresse vite et sans jamais se faire mal.",
          name: "Mehdi",
          relation: "adhérent loisir depuis 2022",
        },
        {
          quote:
            "Le créneau de boxe féminine m'a permis de reprendre le sport. Les coachs sont attentifs et on se sent tout de suite à sa place.",
          name: "Claire",
          relation: "adhérente boxe féminine",
        },
      ],
    },
    freeTrial: {
      title: "Votre premier cours est offert",
      text: "Envie d'essayer ? Venez découvrir la boxe anglaise lors d'un cours d'essai gratuit, sans engagement. Les gants sont prêtés, il suffit d'apporter votre tenue de sport et votre motivation.",
      primaryButtonText: "Réserver mon essai",
      secondaryButtonText: "Voir le planning",
    },
    news: {
      title: "Actualités du club",
      subtitle: "Événements, compétitions, stages : suivez la vie du club.",
      buttonText: "Toutes les actualités",
    },
  },
} as const satisfies Record<string, Record<string, Record<string, unknown>>>;
