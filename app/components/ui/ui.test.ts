import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { isActiveNav, ADMIN_NAV } from "~/components/admin/shell/admin-nav";
import { UnsavedBanner } from "~/components/admin/forms/unsaved-changes";
import { clientTypeError, UploadTargetSchema } from "~/components/admin/forms/upload-target";
import { Button } from "./button";
import { HexColorSchema, OptionalHexColorSchema } from "~/core/hex-color";
import { ColorField } from "./color-field";
import { Field } from "./field";
import { Input } from "./input";
import { StringListEditor } from "./list-editor";

/** Server-rendered markup: what the browser first receives. */
function render(element: Parameters<typeof renderToStaticMarkup>[0]) {
  return { html: renderToStaticMarkup(element) };
}

describe("Field", () => {
  it("ties the label, the description and the error to a cloned control", () => {
    const { html } = render(
      h(Field, {
        label: "Titre",
        description: "Le nom affiché",
        error: "Le titre est obligatoire",
        required: true,
        id: "titre",
        children: h(Input, { name: "title" }),
      }),
    );
    expect(html).toContain('<label for="titre"');
    expect(html).toMatch(/<input[^>]*id="titre"/);
    expect(html).toMatch(/<input[^>]*aria-describedby="titre-description titre-erreur"/);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"/);
    expect(html).toMatch(/<input[^>]*aria-required="true"/);
    expect(html).toContain('<p id="titre-description"');
    expect(html).toMatch(/<p id="titre-erreur"[^>]*>Le titre est obligatoire<\/p>/);
  });

  it("keeps the control's own aria-describedby and passes the props to a render prop", () => {
    const cloned = render(
      h(Field, {
        label: "Slug",
        id: "slug",
        error: "Déjà utilisé",
        children: h("input", { "aria-describedby": "aide" }),
      }),
    );
    expect(cloned.html).toMatch(/aria-describedby="aide slug-erreur"/);

    const rendered = render(
      h(Field, {
        label: "Couleur",
        id: "c",
        children: (control) => h("input", { ...control, "data-custom": "yes" }),
      }),
    );
    expect(rendered.html).toMatch(/<input id="c" data-custom="yes"\/>/);
    expect(rendered.html).not.toContain("aria-invalid");
  });
});

describe("Button", () => {
  it("never submits by accident and shows a busy state", () => {
    expect(render(h(Button, null, "Ajouter")).html).toMatch(/^<button type="button"/);
    const busy = render(h(Button, { busy: true, type: "submit" }, "Sauvegarde...")).html;
    expect(busy).toMatch(/type="submit"/);
    expect(busy).toMatch(/disabled=""/);
    expect(busy).toMatch(/aria-busy="true"/);
    expect(busy).toContain("animate-spin");
  });
});

describe("hex colours", () => {
  it("accepts #RRGGBB only, with the spec's message", () => {
    expect(HexColorSchema.parse(" #5ecfcb ")).toBe("#5ecfcb");
    for (const bad of ["5ECFCB", "#5ECFC", "#5ECFCBB", "#GGGGGG", "", "red"]) {
      const result = HexColorSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Couleur invalide (format #RRGGBB)");
    }
    expect(OptionalHexColorSchema.parse("")).toBe("");
    expect(OptionalHexColorSchema.safeParse("#12").success).toBe(false);
  });

  it("ColorField shows a server error on the text input and keeps the picker in sync", () => {
    const { html } = render(
      h(ColorField, {
        label: "Couleur du titre",
        name: "titleColor",
        value: "#D4AF37",
        error: "Couleur invalide (format #RRGGBB)",
      }),
    );
    expect(html).toMatch(
      /<input type="color" aria-label="Couleur du titre : sélecteur de couleur"[^>]*value="#d4af37"/,
    );
    const text = html.match(/<input[^>]*type="text"[^>]*>/)?.[0] ?? "";
    for (const attribute of ['name="titleColor"', 'value="#D4AF37"', 'aria-invalid="true"']) {
      expect(text).toContain(attribute);
    }
    expect(html).toContain("Couleur invalide (format #RRGGBB)");
  });
});

describe("StringListEditor", () => {
  it("labels every item and its delete button, and posts items under one name", () => {
    const { html } = render(
      h(StringListEditor, {
        label: "Points clés",
        name: "keyPoints",
        defaultItems: ["Cardio", "Technique"],
      }),
    );
    expect(html).toContain("<legend");
    expect(html).toContain(">Points clés 1</label>");
    expect(html).toContain(">Points clés 2</label>");
    expect(html.match(/name="keyPoints"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Supprimer Points clés 2"');
    expect(html).toContain("Ajouter");
  });
});

describe("UnsavedBanner", () => {
  it("is an empty live region until there are pending edits", () => {
    expect(render(h(UnsavedBanner, { dirty: false })).html).toBe('<div role="status"></div>');
    expect(render(h(UnsavedBanner, { dirty: true })).html).toContain(
      "Vous avez des modifications non sauvegardées",
    );
  });
});

describe("upload targets", () => {
  it("accepts the spec's buckets and subpaths only", () => {
    expect(UploadTargetSchema.parse({ kind: "video", bucket: "site-images" })).toEqual({
      kind: "video",
      bucket: "site-images",
      subpath: "",
    });
    expect(
      UploadTargetSchema.safeParse({ kind: "pdf", bucket: "site-documents", subpath: "tarifs" })
        .success,
    ).toBe(true);
    expect(
      UploadTargetSchema.safeParse({ kind: "image", bucket: "site-images", subpath: "tarifs" })
        .success,
    ).toBe(false);
    expect(UploadTargetSchema.safeParse({ kind: "image", bucket: "uploads" }).success).toBe(false);
    expect(UploadTargetSchema.safeParse({ kind: "zip", bucket: "disciplines" }).success).toBe(
      false,
    );
  });

  it("pre-checks the file's type in the browser with the spec's messages", () => {
    expect(clientTypeError("image", { name: "a.png", type: "image/png" })).toBeNull();
    expect(clientTypeError("image", { name: "a.pdf", type: "application/pdf" })).toBe(
      "Veuillez sélectionner une image",
    );
    expect(clientTypeError("image", { name: "a.svg", type: "image/svg+xml" })).toBe(
      "Veuillez sélectionner une image",
    );
    expect(clientTypeError("pdf", { name: "tarifs.pdf", type: "application/pdf" })).toBeNull();
    expect(clientTypeError("pdf", { name: "tarifs.pdf", type: "" })).toBeNull();
    expect(clientTypeError("pdf", { name: "photo.jpg", type: "image/jpeg" })).toBe(
      "Veuillez sélectionner un fichier PDF",
    );
    expect(clientTypeError("video", { name: "clip.webm", type: "video/webm" })).toBeNull();
    expect(clientTypeError("video", { name: "clip.avi", type: "" })).toBe(
      "Format vidéo non pris en charge (MP4, WebM ou OGG)",
    );
  });
});

describe("admin navigation", () => {
  it("lists the spec's eleven screens in its order, Messages, Essais and Adhésions after the dashboard, Tarifs after Planning, and marks sub-pages", () => {
    expect(ADMIN_NAV.map((item) => item.to)).toEqual([
      "/admin/dashboard",
      "/admin/messages",
      "/admin/essais",
      "/admin/adhesions",
      "/admin/content",
      "/admin/disciplines",
      "/admin/training",
      "/admin/schedule",
      "/admin/tarifs",
      "/admin/blog",
      "/admin/media",
      "/admin/settings",
      "/admin/menu",
      "/admin/pages",
      "/admin/inscriptions",
      "/admin/benevoles",
      "/admin/corbeille",
      "/admin/sauvegardes",
      "/admin/journal",
    ]);
    expect(isActiveNav("/admin/dashboard", "/admin")).toBe(true);
    expect(isActiveNav("/admin/dashboard", "/admin/")).toBe(true);
    // Mon compte is not a settings screen, though its address says so.
    expect(isActiveNav("/admin/settings", "/admin/settings/account")).toBe(false);
    expect(isActiveNav("/admin/settings/account", "/admin/settings/account")).toBe(true);
    expect(isActiveNav("/admin/blog", "/admin/blog/3/apercu")).toBe(true);
    expect(isActiveNav("/admin/menu", "/admin/media")).toBe(false);
    expect(isActiveNav("/admin/pages", "/admin/pagesx")).toBe(false);
  });
});
