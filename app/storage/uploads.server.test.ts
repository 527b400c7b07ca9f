import fs from "node:fs";
import path from "node:path";
import { describe, it, expect } from "vitest";
import { removeUpload, resolveStored, saveUpload } from "./uploads.server";

const bucketDir = (bucket: string) => path.join(process.env.DATA_DIR!, "uploads", bucket);

describe("saveUpload", () => {
  it("writes under DATA_DIR/uploads/<bucket>/<subpath> with a timestamped, sanitised name", async () => {
    const data = Buffer.from("%PDF-1.4 tarifs");
    const stored = await saveUpload({
      bucket: "site-documents",
      subpath: "tarifs",
      originalName: "Tarifs été 2025.pdf",
      data,
    });
    const name = path.basename(stored.absolutePath);
    expect(name).toMatch(/^\d+-Tarifs_ete_2025\.pdf$/);
    expect(stored.url).toBe(`/uploads/site-documents/tarifs/${name}`);
    expect(stored.storagePath).toBe(`tarifs/${name}`);
    expect(stored.bucket).toBe("site-documents");
    expect(stored.absolutePath).toBe(path.join(bucketDir("site-documents"), "tarifs", name));
    expect(fs.readFileSync(stored.absolutePath)).toEqual(data);
  });

  it("stores at the bucket's root when no subpath is given", async () => {
    const stored = await saveUpload({
      bucket: "disciplines",
      originalName: "photo.jpg",
      data: Buffer.from("jpeg"),
    });
    const name = path.basename(stored.absolutePath);
    expect(stored.storagePath).toBe(name);
    expect(stored.url).toBe(`/uploads/disciplines/${name}`);
    expect(fs.readFileSync(path.join(bucketDir("disciplines"), name), "utf8")).toBe("jpeg");
  });

  it("never overwrites: two saves of the same name give two files with their own content", async () => {
    const first = await saveUpload({
      bucket: "site-documents",
      subpath: "inscriptions",
      originalName: "fiche.pdf",
      data: Buffer.from("premier"),
    });
    const second = await saveUpload({
      bucket: "site-documents",
      subpath: "inscriptions",
      originalName: "fiche.pdf",
      data: Buffer.from("second"),
    });
    expect(second.absolutePath).not.toBe(first.absolutePath);
    expect(second.url).not.toBe(first.url);
    expect(fs.readFileSync(first.absolutePath, "utf8")).toBe("premier");
    expect(fs.readFileSync(second.absolutePath, "utf8")).toBe("second");
  });

  it("refuses an unknown subpath and writes nothing", async () => {
    await expect(
      saveUpload({
        bucket: "site-documents",
        subpath: "secret",
        originalName: "x.pdf",
        data: Buffer.from("x"),
      }),
    ).rejects.toThrow("Sous-dossier « secret » inconnu pour le bucket site-documents");
    expect(fs.existsSync(path.join(bucketDir("site-documents"), "secret"))).toBe(false);

    await expect(
      saveUpload({
        bucket: "site-documents",
        subpath: "../site-images",
        originalName: "x.pdf",
        data: Buffer.from("x"),
      }),
    ).rejects.toThrow(/inconnu/);
  });

  it("keeps a name with ../ inside the bucket", async () => {
    const stored = await saveUpload({
      bucket: "site-documents",
      subpath: "tarifs",
      originalName: "../../evil.pdf",
      data: Buffer.from("evil"),
    });
    const dir = path.join(bucketDir("site-documents"), "tarifs");
    expect(path.dirname(stored.absolutePath)).toBe(dir);
    expect(path.basename(stored.absolutePath)).toMatch(/^\d+-evil\.pdf$/);
    expect(stored.url).toMatch(/^\/uploads\/site-documents\/tarifs\/\d+-evil\.pdf$/);
    expect(fs.readFileSync(stored.absolutePath, "utf8")).toBe("evil");
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, "uploads", "evil.pdf"))).toBe(false);
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, "evil.pdf"))).toBe(false);
  });
});

describe("removeUpload", () => {
  it("deletes the file, and a second removal does not throw", async () => {
    const stored = await saveUpload({
      bucket: "site-images",
      subpath: "blog",
      originalName: "photo.webp",
      data: Buffer.from("webp"),
    });
    expect(fs.existsSync(stored.absolutePath)).toBe(true);
    await removeUpload({ bucket: "site-images", storagePath: stored.storagePath });
    expect(fs.existsSync(stored.absolutePath)).toBe(false);
    await expect(
      removeUpload({ bucket: "site-images", storagePath: stored.storagePath }),
    ).resolves.toBeUndefined();
  });

  it("refuses to delete outside the bucket", async () => {
    const outside = await saveUpload({
      bucket: "disciplines",
      originalName: "garde.jpg",
      data: Buffer.from("garde"),
    });
    await expect(
      removeUpload({ bucket: "site-images", storagePath: `../disciplines/${outside.storagePath}` }),
    ).rejects.toThrow("Chemin de fichier invalide");
    expect(fs.readFileSync(outside.absolutePath, "utf8")).toBe("garde");
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
