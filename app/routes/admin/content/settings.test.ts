import fs from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "~/domains/content/defaults";
import { getDb } from "~/db/client.server";
import { getSettings } from "~/domains/content/settings.server";
import { STALE_SAVE_MESSAGE } from "~/utils/stale.server";
import { verifyLogin } from "~/domains/volunteers/user.server";
import { uploadsRoot } from "~/storage/paths.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { action, loader } from "./settings";
import type { SettingsLoaderData } from "./settings.server";

const PASSWORD = "ancien-secret";
let cookie: string;

beforeAll(async () => {
  cookie = (await signIn(await createUser("reglages", PASSWORD))).cookie;
});

beforeEach(async () => {
  await getDb().deleteFrom("site_settings").execute();
});

function post(fields: Record<string, string>) {
  return callRoute(action, postRequest("/admin/settings", fields, { cookie }));
}

type Change = { category: string; settings: unknown; loadedAt: string | null };
const save = (changes: Change[]) => post({ intent: "save", changes: JSON.stringify(changes) });

async function load() {
  return (await callRoute(loader, getRequest("/admin/settings", { cookie })))
    .data as SettingsLoaderData;
}

/** The errors of a save of one category with these values over the defaults. */
async function errorsFor(category: keyof typeof SETTINGS_DEFAULTS, patch: object) {
  const settings = { ...SETTINGS_DEFAULTS[category], ...patch };
  const answer = await save([{ category, settings, loadedAt: null }]);
  expect(answer.status).toBe(400);
  return (answer.data as { errors: Record<string, string> }).errors;
}

describe("settings loader", () => {
  it("gives each editable category with its stamp and the icons", async () => {
    const data = await load();
    expect(Object.keys(data.categories).sort()).toEqual(
      ["address", "general", "hours", "legal", "schedule_display", "social", "tarifs_pdf"].sort(),
    );
    expect(data.categories.address.values.city).toBe("MEYZIEU");
    expect(data.categories.address.updatedAt).toBeNull();
    expect(data.icons).toEqual(SETTINGS_DEFAULTS.social_icons);
  });
});

describe("the legal information", () => {
  it("is the admin's alone: an editor's save of it answers 403 and saves nothing", async () => {
    const editor = await createUser("redactrice", PASSWORD, { roles: ["redaction"] });
    const editorCookie = (await signIn(editor)).cookie;
    const legal = { ...SETTINGS_DEFAULTS.legal, president: "Quelqu'un d'autre" };
    const changes = JSON.stringify([{ category: "legal", settings: legal, loadedAt: null }]);
    const answer = await callRoute(
      action,
      postRequest("/admin/settings", { intent: "save", changes }, { cookie: editorCookie }),
    );
    expect(answer.status).toBe(403);
    expect((await getSettings({ category: "legal" })).president).toBe(
      SETTINGS_DEFAULTS.legal.president,
    );
  });

  it("checks the attestations' RNA, SIRET and signature on the server, and saves them", async () => {
    expect(
      await errorsFor("legal", {
        rnaNumber: "691234567",
        siret: "123 456 789",
        signatureUrl: "https://ailleurs.example/signature.png",
      }),
    ).toEqual({
      "legal.rnaNumber": "Le numéro RNA commence par W suivi de 9 chiffres (ex. W691234567)",
      "legal.siret": "Le numéro SIRET comporte 14 chiffres (ex. 123 456 789 00012)",
      "legal.signatureUrl": "Envoyez l'image de la signature (PNG ou JPEG)",
    });
    const attestation = {
      rnaNumber: "W691234567",
      siret: "123 456 789 00012",
      signatoryName: "Anne-Sophie Lefèvre",
      signatoryRole: "Trésorière",
      signatureUrl: "/uploads/site-images/signature/1764000000000-signature.png",
    };
    const settings = { ...SETTINGS_DEFAULTS.legal, ...attestation };
    expect((await save([{ category: "legal", settings, loadedAt: null }])).status).toBe(200);
    expect(await getSettings({ category: "legal" })).toMatchObject(attestation);
  });
});

describe("settings global save", () => {
  it("saves every changed category at once and says 'Paramètres sauvegardés avec succès'", async () => {
    const answer = await save([
      {
        category: "general",
        settings: { ...SETTINGS_DEFAULTS.general, phoneNumber: "+33 4 78 00 00 00" },
        loadedAt: null,
      },
      {
        category: "address",
        settings: { ...SETTINGS_DEFAULTS.address, postalCode: "69003", city: "Lyon" },
        loadedAt: null,
      },
      {
        category: "social",
        settings: {
          links: [
            { id: "a", name: "instagram", url: "https://instagram.com/club", icon: "instagram" },
          ],
        },
        loadedAt: null,
      },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      toast: { type: "success", message: "Paramètres sauvegardés avec succès" },
      saved: ["general", "address", "social"],
    });
    expect((await getSettings({ category: "general" })).phoneNumber).toBe("+33 4 78 00 00 00");
    expect((await getSettings({ category: "address" })).city).toBe("Lyon");
    expect((await getSettings({ category: "social" })).links).toHaveLength(1);
  });

  it("checks the general settings: name, French phone, e-mail", async () => {
    expect(
      await errorsFor("general", { siteName: " ", phoneNumber: "12345", email: "pas-un-mail" }),
    ).toEqual({
      "general.siteName": "Le nom du site est obligatoire",
      "general.phoneNumber": "Numéro de téléphone invalide (format français, ex. 06 12 34 56 78)",
      "general.email": "Adresse e-mail invalide",
    });
    expect(await errorsFor("general", { phoneNumber: "+44 20 7946 0000" })).toHaveProperty(
      "general.phoneNumber",
    );
    for (const phone of ["0612345678", "06.12.34.56.78", "+33612345678", "0033 6 12 34 56 78"]) {
      const answer = await save([
        {
          category: "general",
          settings: { ...SETTINGS_DEFAULTS.general, phoneNumber: phone },
          loadedAt: null,
        },
      ]);
      expect(answer.status, phone).toBe(200);
      await getDb().deleteFrom("site_settings").execute();
    }
  });

  it("checks the address: street, city, 5-digit postal code, http(s) map link", async () => {
    expect(
      await errorsFor("address", {
        street: "",
        city: "",
        postalCode: "6933",
        googleMapsUrl: "javascript:alert(1)",
      }),
    ).toEqual({
      "address.street": "La rue est obligatoire",
      "address.city": "La ville est obligatoire",
      "address.postalCode": "Le code postal doit comporter 5 chiffres",
      "address.googleMapsUrl": "Le lien Google Maps doit commencer par http:// ou https://",
    });
  });

  it("requires each day's hours", async () => {
    expect(await errorsFor("hours", { sunday: "" })).toEqual({
      "hours.sunday": "Indiquez les horaires ou « Fermé »",
    });
  });

  it("checks social links: a known network and an http(s) address", async () => {
    expect(
      await errorsFor("social", {
        links: [
          { id: "a", name: "myspace", url: "https://x.fr", icon: "" },
          { id: "b", name: "facebook", url: "facebook.com/club", icon: "facebook" },
        ],
      }),
    ).toEqual({
      "social.links.0.name": "Choisissez un réseau social",
      "social.links.1.url": "L'adresse du lien doit commencer par http:// ou https://",
    });
  });

  it("checks the planning display hours: ranges and start before end", async () => {
    expect(await errorsFor("schedule_display", { start_hour: 24, end_hour: 0 })).toEqual({
      "schedule_display.start_hour": "L'heure de début doit être un nombre entier entre 0 et 23",
      "schedule_display.end_hour": "L'heure de fin doit être un nombre entier entre 1 et 24",
    });
    expect(await errorsFor("schedule_display", { start_hour: 20, end_hour: 8 })).toEqual({
      "schedule_display.start_hour": "L'heure de début doit être inférieure à l'heure de fin",
    });
    expect(await errorsFor("schedule_display", { start_hour: 8.5 })).toHaveProperty(
      "schedule_display.start_hour",
      "L'heure de début doit être un nombre entier entre 0 et 23",
    );
  });

  it("refuses a PDF address that is not http(s) or of the site", async () => {
    expect(
      await errorsFor("tarifs_pdf", { url: "javascript:alert(1)", filename: "x.pdf" }),
    ).toEqual({
      "tarifs_pdf.url": "Adresse du fichier invalide",
    });
  });

  it("refuses a category that the screen does not edit", async () => {
    const answer = await save([{ category: "logo", settings: { url: "/x.png" }, loadedAt: null }]);
    expect(answer.status).toBe(400);
    expect(await getDb().selectFrom("site_settings").selectAll().execute()).toEqual([]);
  });

  it("refuses the whole save when one category changed since it was loaded (409)", async () => {
    const loaded = await load();
    const other = await save([
      {
        category: "hours",
        settings: { ...SETTINGS_DEFAULTS.hours, monday: "Fermé" },
        loadedAt: null,
      },
    ]);
    expect(other.status).toBe(200);
    const answer = await save([
      {
        category: "general",
        settings: { ...SETTINGS_DEFAULTS.general, siteName: "Perdu ?" },
        loadedAt: loaded.categories.general.updatedAt,
      },
      {
        category: "hours",
        settings: { ...SETTINGS_DEFAULTS.hours, monday: "Écrasé" },
        loadedAt: loaded.categories.hours.updatedAt,
      },
    ]);
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ toast: { type: "error", message: STALE_SAVE_MESSAGE } });
    expect((await getSettings({ category: "hours" })).monday).toBe("Fermé");
    expect((await getSettings({ category: "general" })).siteName).toBe(
      SETTINGS_DEFAULTS.general.siteName,
    );
  });
});

describe("social icons", () => {
  it("saves an uploaded icon for a network and says so", async () => {
    const answer = await post({
      intent: "social-icon",
      network: "facebook",
      url: "/uploads/site-images/social-icons/f.png",
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      toast: { type: "success", message: "Icône Facebook uploadée avec succès" },
    });
    expect((await getSettings({ category: "social_icons" })).facebook).toBe(
      "/uploads/site-images/social-icons/f.png",
    );
  });

  it("removes it and says so", async () => {
    await post({ intent: "social-icon", network: "tiktok", url: "/t.png" });
    const answer = await post({ intent: "social-icon-remove", network: "tiktok" });
    expect(answer.data).toMatchObject({
      toast: { type: "success", message: "Icône TikTok supprimée avec succès" },
    });
    expect((await getSettings({ category: "social_icons" })).tiktok).toBe("");
  });

  it("needs a network other than 'Autre', and an image", async () => {
    for (const network of ["", "link", "myspace"]) {
      const answer = await post({ intent: "social-icon", network, url: "/x.png" });
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({
        toast: { message: "Veuillez d'abord sélectionner un réseau social (autre que 'Autre')" },
      });
    }
    for (const url of ["", "javascript:alert(1)"]) {
      const answer = await post({ intent: "social-icon", network: "youtube", url });
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ toast: { message: "Veuillez sélectionner une image" } });
    }
    expect(await getDb().selectFrom("site_settings").selectAll().execute()).toEqual([]);
  });
});

describe("replaced files", () => {
  /** A file on disk, as the upload pipeline names it; returns its URL. */
  function stored(folder: string, name: string): string {
    const file = path.join(uploadsRoot(), folder, `1700000000000-${name}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, name.endsWith(".pdf") ? "%PDF-1.4\n" : "png");
    return `/uploads/${folder}/1700000000000-${name}`;
  }
  const exists = (url: string) =>
    fs.existsSync(path.join(uploadsRoot(), url.slice("/uploads/".length)));

  it("deletes a replaced or removed social icon, unless something else uses it", async () => {
    const first = stored("site-images/social-icons", "yt-1.png");
    const second = stored("site-images/social-icons", "yt-2.png");
    const third = stored("site-images/social-icons", "yt-3.png");
    await post({ intent: "social-icon", network: "youtube", url: first });
    await post({ intent: "social-icon", network: "youtube", url: second });
    expect(exists(first)).toBe(false);
    expect(exists(second)).toBe(true);

    // Also the icon of another network: kept when YouTube's changes.
    await post({ intent: "social-icon", network: "linkedin", url: second });
    await post({ intent: "social-icon", network: "youtube", url: third });
    expect(exists(second)).toBe(true);
    await post({ intent: "social-icon-remove", network: "youtube" });
    expect(exists(third)).toBe(false);
  });

  it("deletes the tarifs PDF a save replaces, and not before the save succeeds", async () => {
    const old = stored("site-documents/tarifs", "tarifs-2024.pdf");
    const next = stored("site-documents/tarifs", "tarifs-2025.pdf");
    const first = await save([
      { category: "tarifs_pdf", settings: { url: old, filename: "t.pdf" }, loadedAt: null },
    ]);
    expect(first.status).toBe(200);
    const loadedAt = (await load()).categories.tarifs_pdf.updatedAt;

    // A stale save changes nothing, so deletes nothing.
    const stale = await save([
      { category: "tarifs_pdf", settings: { url: next, filename: "t.pdf" }, loadedAt: null },
    ]);
    expect(stale.status).toBe(409);
    expect(exists(old)).toBe(true);

    const replaced = await save([
      { category: "tarifs_pdf", settings: { url: next, filename: "t.pdf" }, loadedAt },
    ]);
    expect(replaced.status).toBe(200);
    expect(exists(old)).toBe(false);
    expect(exists(next)).toBe(true);
  });
});

describe("password change", () => {
  it("is no longer done here (it moved to Mon compte): refused, nothing changed", async () => {
    const answer = await post({
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: "nouveau-secret",
      confirmPassword: "nouveau-secret",
    });
    expect(answer.status).toBe(400);
    expect(await verifyLogin({ username: "reglages", password: PASSWORD })).not.toBeNull();
  });
});
