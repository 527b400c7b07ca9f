import path from "node:path";
import { describe, it, expect } from "vitest";
import { checkSubpath, resolveStored } from "./paths.server";

const bucketDir = (bucket: string) => path.join(process.env.DATA_DIR!, "uploads", bucket);

describe("checkSubpath", () => {
  it("accepts a bucket's root and its subpaths of spec §3", () => {
    expect(() => checkSubpath("site-documents", "")).not.toThrow();
    expect(() => checkSubpath("site-documents", "tarifs")).not.toThrow();
  });

  it("refuses another subpath, a path and an unknown bucket", () => {
    expect(() => checkSubpath("site-documents", "autre")).toThrow(/inconnu/);
    expect(() => checkSubpath("site-documents", "tarifs/../x")).toThrow(/inconnu/);
    expect(() => checkSubpath("constructor" as never, "")).toThrow(/inconnu/);
  });
});

describe("resolveStored", () => {
  it("resolves a path inside the bucket", () => {
    expect(resolveStored("site-documents", "tarifs/a.pdf")).toBe(
      path.join(bucketDir("site-documents"), "tarifs", "a.pdf"),
    );
  });

  it("refuses ../ escapes and the bucket itself", () => {
    expect(() => resolveStored("site-documents", "../x.pdf")).toThrow("Chemin de fichier invalide");
    expect(() => resolveStored("site-documents", "tarifs/../../x.pdf")).toThrow(
      "Chemin de fichier invalide",
    );
    expect(() => resolveStored("site-documents", "../../../etc/passwd")).toThrow(
      "Chemin de fichier invalide",
    );
    expect(() => resolveStored("site-documents", "../site-documents-copie/x.pdf")).toThrow(
      "Chemin de fichier invalide",
    );
    expect(() => resolveStored("site-documents", "")).toThrow("Chemin de fichier invalide");
    expect(() => resolveStored("site-documents", "/etc/passwd")).toThrow(
      "Chemin de fichier invalide",
    );
  });
});
