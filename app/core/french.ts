/*
 * French words that depend on the word after them or on the person they speak of, written
 * once for pages, mails and PDFs: elision (« d'Inès », « qu'Emma »), agreement with a
 * member's sex (« Inscrite », « née le »), and « de » before the club's name (« du Boxing
 * Club de Meyzieu »).
 *
 * When a word elides. Before a vowel letter, with or without its accent, capitals included
 * (« d'Élodie », « d'Œdipe »), always. Before « y » only when a consonant follows (« d'Yves »,
 * but « de Yanis », « de Yasmine »: that y is heard as a consonant). Before « h » only for the
 * first names of MUTE_H: whether an h is mute cannot be read from its letters (« d'Hélène »
 * but « de Henri », « de Hamid »), and « de Hanna » reads better than a wrong « d'Hanna ».
 * A name the list misses keeps « de »: a little stiff, never wrong-sounding.
 */

/** First names whose h is mute, as lower-case letters without accents. */
const MUTE_H = new Set([
  "helene",
  "heloise",
  "hugo",
  "hugues",
  "hector",
  "hortense",
  "hippolyte",
  "honorine",
  "honore",
  "hermine",
  "herve",
  "hubert",
  "humbert",
  "hyacinthe",
]);

const VOWEL = /^[aeiouæœ]/;

/** The word's first letters in lower case, accents taken off (É → e, Œ stays œ). */
function bare(word: string): string {
  return word
    .trim()
    .replace(/^[«"'‘’“\s]+/u, "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase();
}

/** Whether a particle before `word` drops its last vowel (« d'Inès », not « de Léo »). */
export function elides(word: string): boolean {
  const letters = bare(word);
  if (VOWEL.test(letters)) return true;
  if (letters.startsWith("y")) return /^y[^aeiouy\W\d_]/.test(letters);
  if (letters.startsWith("h")) return MUTE_H.has(/^[a-zœæ]+/.exec(letters)?.[0] ?? "");
  return false;
}

/**
 * `particle` and `word`, elided when the word asks for it: elide("de", "Inès") is « d'Inès »,
 * elide("que", "Emma") « qu'Emma », elide("la", "Union…") « l'Union… », elide("De", "Inès")
 * « D'Inès »; elide("de", "Léo") stays « de Léo ». For the particles that end in « e » (de,
 * que, le, je, ne, se, jusque, lorsque, puisque) and « la ».
 */
export function elide(particle: string, word: string): string {
  if (!/(?:e|a)$/i.test(particle) || !elides(word)) return `${particle} ${word}`;
  return `${particle.slice(0, -1)}'${word.trimStart()}`;
}

/** A member's sex as stored: "F", "M", or unknown ("" for a file begun from a trial). */
export type PersonSex = string | null | undefined;

/**
 * The word that agrees with the person: `feminine` for "F", `masculine` for "M", and when
 * the sex is unknown, `unknown` (both forms at once, « Inscrit(e) », by default).
 * For the words whose feminine adds an « e » (inscrit, né, adhérent, annulé), the masculine
 * alone is enough: agree("F", "née") would be wrong, agree("F", "né") is « née ».
 */
export function agree(
  sex: PersonSex,
  masculine: string,
  feminine = `${masculine}e`,
  unknown = `${masculine}(e)`,
): string {
  if (sex === "F") return feminine;
  if (sex === "M") return masculine;
  return unknown;
}

/*
 * « de » before the club's name, which the club types freely. A name that begins with an
 * article contracts it (« Le Ring de Lyon » → « du Ring de Lyon », « Les Gants » → « des
 * Gants », « La Boxe… » → « de la Boxe… », « L'Union… » → « de l'Union… »). A name that begins
 * with a common noun takes that noun's article, as French says it: « du Boxing Club de
 * Meyzieu », « du Club… », « de l'Association… », « de la Boxe française… ». Any other name is
 * read as a proper noun: « de Meyzieu Boxe », « d'ASVEL Boxe ». The lists hold the words
 * club names begin with; a word they miss gets « de », which is never wrong for a name.
 */
const MASCULINE_NOUNS = new Set([
  "athletic",
  "boxing",
  "cercle",
  "club",
  "comite",
  "foyer",
  "groupe",
  "racing",
  "ring",
  "sporting",
  "stade",
]);
const FEMININE_NOUNS = new Set([
  "academie",
  "amicale",
  "association",
  "boxe",
  "entente",
  "etoile",
  "jeunesse",
  "salle",
  "section",
  "union",
]);

const ARTICLE = /^(?:(le|la|les)\s+|(l)['’]\s*)(.+)$/iu;

/** « du Boxing Club de Meyzieu », « de l'Association… », « de Meyzieu Boxe ». */
export function ofClub(name: string): string {
  const text = name.trim();
  const article = ARTICLE.exec(text);
  if (article) {
    const rest = article[3]!;
    const word = (article[1] ?? article[2]!).toLowerCase();
    if (word === "le") return `du ${rest}`;
    if (word === "les") return `des ${rest}`;
    if (word === "la") return `de la ${rest}`;
    return `de l'${rest}`;
  }
  const first = /^[a-zœæ]+/.exec(bare(text))?.[0] ?? "";
  if (MASCULINE_NOUNS.has(first)) return elides(text) ? `de l'${text}` : `du ${text}`;
  if (FEMININE_NOUNS.has(first)) return `de ${elide("la", text)}`;
  return elide("de", text);
}
