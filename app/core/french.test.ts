import { describe, expect, it } from "vitest";
import { agree, elide, elides, ofClub } from "./french";

describe("elide", () => {
  it("elides before a vowel, accented capitals and ligatures included", () => {
    expect(elide("de", "Inès")).toBe("d'Inès");
    expect(elide("que", "Emma")).toBe("qu'Emma");
    expect(elide("la", "Union sportive")).toBe("l'Union sportive");
    expect(elide("le", "Arbitre")).toBe("l'Arbitre");
    for (const name of [
      "Élodie",
      "Êva",
      "Ïlan",
      "Àlex",
      "Èva",
      "Ève",
      "Îlona",
      "Ôdile",
      "Âmbre",
      "Œdipe",
      "Æla",
      "ugo",
      "Ulysse",
    ]) {
      expect(elide("de", name), name).toBe(`d'${name}`);
    }
  });

  it("keeps the particle before a consonant, and says « D' » for « De »", () => {
    expect(elide("de", "Léo")).toBe("de Léo");
    expect(elide("que", "Noé")).toBe("que Noé");
    expect(elide("De", "Inès")).toBe("D'Inès");
    expect(elide("de", "")).toBe("de ");
  });

  it("elides before y only when a consonant follows", () => {
    expect(elide("de", "Yves")).toBe("d'Yves");
    expect(elide("de", "Ylan")).toBe("d'Ylan");
    expect(elide("de", "Yanis")).toBe("de Yanis");
    expect(elide("de", "Yasmine")).toBe("de Yasmine");
  });

  it("elides before h only for the listed first names with a mute h", () => {
    expect(elide("de", "Hélène")).toBe("d'Hélène");
    expect(elide("de", "HUGO")).toBe("d'HUGO");
    expect(elide("que", "Hector Martin")).toBe("qu'Hector Martin");
    expect(elide("de", "Hélène-Marie")).toBe("d'Hélène-Marie");
    expect(elide("de", "Henri")).toBe("de Henri");
    expect(elide("de", "Hamid")).toBe("de Hamid");
    expect(elide("de", "Hugolin")).toBe("de Hugolin");
  });

  it("reads the first letter past spaces and quotes", () => {
    expect(elides("  Inès")).toBe(true);
    expect(elides("« Emma »")).toBe(true);
    expect(elides("1er")).toBe(false);
  });
});

describe("agree", () => {
  it("gives the feminine for F, the masculine for M, both forms when unknown", () => {
    expect(agree("F", "Inscrit")).toBe("Inscrite");
    expect(agree("M", "Inscrit")).toBe("Inscrit");
    expect(agree("", "Inscrit")).toBe("Inscrit(e)");
    expect(agree(null, "né")).toBe("né(e)");
    expect(agree("F", "né")).toBe("née");
    expect(agree("F", "cet adhérent", "cette adhérente", "cet adhérent")).toBe("cette adhérente");
    expect(agree(undefined, "cet adhérent", "cette adhérente", "cet adhérent")).toBe(
      "cet adhérent",
    );
  });
});

describe("ofClub", () => {
  it("takes the article of the noun a club name begins with", () => {
    expect(ofClub("Boxing Club de Meyzieu")).toBe("du Boxing Club de Meyzieu");
    expect(ofClub("Club de boxe de Décines")).toBe("du Club de boxe de Décines");
    expect(ofClub("Ring Olympique")).toBe("du Ring Olympique");
    expect(ofClub("Athletic Club Lyon")).toBe("de l'Athletic Club Lyon");
    expect(ofClub("Association Meyzieu Boxe")).toBe("de l'Association Meyzieu Boxe");
    expect(ofClub("Boxe française de Lyon")).toBe("de la Boxe française de Lyon");
    expect(ofClub("Académie de boxe")).toBe("de l'Académie de boxe");
  });

  it("contracts an article the name begins with", () => {
    expect(ofClub("Le Ring de Lyon")).toBe("du Ring de Lyon");
    expect(ofClub("Les Gants d'or")).toBe("des Gants d'or");
    expect(ofClub("La Boxe meyzieusienne")).toBe("de la Boxe meyzieusienne");
    expect(ofClub("L'Union sportive")).toBe("de l'Union sportive");
    expect(ofClub("L’Étoile")).toBe("de l'Étoile");
  });

  it("reads any other name as a proper noun", () => {
    expect(ofClub("Meyzieu Boxe")).toBe("de Meyzieu Boxe");
    expect(ofClub("ASVEL Boxe")).toBe("d'ASVEL Boxe");
    expect(ofClub("Leon Boxing")).toBe("de Leon Boxing");
    expect(ofClub("Lesbos Boxe")).toBe("de Lesbos Boxe");
    expect(ofClub(" Clubhouse Boxe ")).toBe("de Clubhouse Boxe");
  });
});
