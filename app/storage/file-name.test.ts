import { describe, it, expect } from "vitest";
import { MAX_FILE_NAME_LENGTH, sanitizeFileName, timestampedName } from "./file-name";

describe("sanitizeFileName", () => {
  it("replaces unsafe characters and removes accents", () => {
    expect(sanitizeFileName("Fiche d'inscription 2025 (été).pdf")).toBe(
      "Fiche_d_inscription_2025__ete_.pdf",
    );
    expect(sanitizeFileName("Cœur & âme.JPG")).toBe("Coeur___ame.JPG");
  });

  it("keeps letters, digits, dots, hyphens and underscores", () => {
    expect(sanitizeFileName("photo_gala-2025.v2.png")).toBe("photo_gala-2025.v2.png");
  });

  it("strips directories with either separator", () => {
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("C:\\Users\\Moi\\Documents\\photo.jpg")).toBe("photo.jpg");
    expect(sanitizeFileName("dir/sub\\file.txt")).toBe("file.txt");
  });

  it("never starts with a dot", () => {
    expect(sanitizeFileName(".htaccess")).toBe("htaccess");
    expect(sanitizeFileName("...env.local")).toBe("env.local");
  });

  it("falls back to a default name when nothing is left", () => {
    expect(sanitizeFileName("")).toBe("fichier");
    expect(sanitizeFileName("..")).toBe("fichier");
    expect(sanitizeFileName("folder/")).toBe("fichier");
    expect(sanitizeFileName("...")).toBe("fichier");
  });

  it("caps the length while keeping the extension", () => {
    const result = sanitizeFileName(`${"a".repeat(200)}.pdf`);
    expect(MAX_FILE_NAME_LENGTH).toBe(120);
    expect(result).toHaveLength(120);
    expect(result).toBe(`${"a".repeat(116)}.pdf`);
  });

  it("leaves a name of exactly 120 characters untouched", () => {
    const name = `${"b".repeat(116)}.png`;
    expect(sanitizeFileName(name)).toBe(name);
  });

  it("cuts plainly when there is no usable extension", () => {
    expect(sanitizeFileName("c".repeat(150))).toBe("c".repeat(120));
    expect(sanitizeFileName(`a.${"d".repeat(150)}`)).toBe(`a.${"d".repeat(118)}`);
  });
});

describe("timestampedName", () => {
  it("prefixes the sanitized name with the timestamp", () => {
    expect(timestampedName("Mon fichier.pdf", 1700000000000)).toBe("1700000000000-Mon_fichier.pdf");
    expect(timestampedName("", 42)).toBe("42-fichier");
  });

  it("defaults to the current time", () => {
    const before = Date.now();
    const [stamp, ...rest] = timestampedName("a.txt").split("-");
    const after = Date.now();
    expect(rest.join("-")).toBe("a.txt");
    expect(Number(stamp)).toBeGreaterThanOrEqual(before);
    expect(Number(stamp)).toBeLessThanOrEqual(after);
  });
});
