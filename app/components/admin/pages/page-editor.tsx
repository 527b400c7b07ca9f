import { lazy, Suspense, useEffect } from "react";
import { NewTabButton, SaveButton } from "~/components/admin/forms/buttons";
import { SelectButton } from "~/components/admin/forms/select-button";
import { EditorPanel } from "~/components/admin/forms/editor-panel";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { Input, WholeNumberInput } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { PAGE_TEMPLATES } from "~/content/defaults";
import { DeleteZone } from "~/components/admin/records/discipline-appearance";
import { useRecordDraft } from "~/components/admin/records/record-editor-frame";
import {
  MainSitePageSchema,
  PAGE_MESSAGES,
  SitePageSchema,
  TEMPLATE_LABELS,
  type PageFormValues,
} from "./page-schema";

/* The Pages screen's list and editor. */

/**
 * Tiptap and ProseMirror, the rich-text editor's code, come in a chunk of their own after
 * the screen has hydrated: in the route's chunk, parsing them and building the editor made
 * a task over 200 ms on a slowed phone (npm run bench, the Pages list).
 */
const RichTextEditor = lazy(() =>
  import("./page-rich-text").then((module) => ({ default: module.RichTextEditor })),
);

export interface AdminPage {
  id: number;
  title: string;
  slug: string;
  content: string;
  is_published: boolean;
  template: (typeof PAGE_TEMPLATES)[number];
  order_index: number;
  is_main: boolean;
  updated_at: string;
}

const toValues = (page: AdminPage): PageFormValues => ({
  title: page.title,
  slug: page.slug,
  content: page.content,
  is_published: String(page.is_published),
  template: page.template,
  order_index: String(page.order_index),
});

export function PageList({
  pages,
  selectedId,
  onSelect,
}: {
  pages: Omit<AdminPage, "content">[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {pages.map((page) => {
        const selected = page.id === selectedId;
        return (
          <li key={page.id}>
            <SelectButton
              selected={selected}
              onSelect={() => onSelect(page.id)}
              className={cn(
                "flex w-full flex-col gap-1 border",
                selected ? "border-teal-dark ring-1 ring-teal-dark" : "border-gray-200 bg-white",
              )}
            >
              <span className="truncate font-semibold text-ink">{page.title}</span>
              <span className="flex flex-wrap items-center gap-2">
                <span className="truncate font-mono text-xs text-gray-700">{page.slug}</span>
                {page.is_main ? (
                  <Badge>Page principale</Badge>
                ) : page.is_published ? (
                  <Badge tone="success">Publié</Badge>
                ) : (
                  <Badge tone="warning">Brouillon</Badge>
                )}
              </span>
            </SelectButton>
          </li>
        );
      })}
    </ul>
  );
}

export function PageEditor({
  page,
  onDirtyChange,
  onDelete,
  deleting,
}: {
  page: AdminPage;
  onDirtyChange: (dirty: boolean) => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  // A slug another page holds is refused by the server (the list shows one page of them).
  const schema = page.is_main ? MainSitePageSchema : SitePageSchema;
  const editor = useRecordDraft({
    record: page,
    toValues,
    schema,
    invalidMessage: PAGE_MESSAGES.invalid,
  });
  const { draft, update, errors, dirty, save, saving, base } = editor;

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const published = base.is_published || base.is_main;
  return (
    <EditorPanel
      titleId="editeur-page-titre"
      title={base.title}
      dirty={dirty}
      actions={
        <>
          {published && <NewTabButton href={base.slug}>Voir la page</NewTabButton>}
          <SaveButton onClick={save} dirty={dirty} saving={saving} />
        </>
      }
    >
      {page.is_main && (
        <p className="rounded-md bg-gray-100 px-4 py-3 text-sm text-gray-800">
          Page principale du site : son adresse est fixe et elle ne peut pas être supprimée. Ses
          textes se modifient dans Contenu.
        </p>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Titre" required error={errors.title}>
          <Input value={draft.title} onChange={(e) => update("title", e.target.value)} />
        </Field>
        <Field
          label="URL de la page"
          required={!page.is_main}
          error={errors.slug}
          description={page.is_main ? "Adresse fixe." : "Commence par /, par exemple /partenaires."}
        >
          <Input
            value={draft.slug}
            readOnly={page.is_main}
            spellCheck={false}
            autoCapitalize="none"
            className="font-mono"
            onChange={(e) => update("slug", e.target.value)}
          />
        </Field>
        <Field label="Modèle" error={errors.template}>
          <Select
            value={draft.template}
            onChange={(e) => update("template", e.target.value)}
            options={PAGE_TEMPLATES.map((value) => ({ value, label: TEMPLATE_LABELS[value] }))}
          />
        </Field>
        <Field
          label="Ordre"
          error={errors.order_index}
          description="Les pages sont listées par ordre croissant."
        >
          <WholeNumberInput
            min={0}
            max={9999}
            value={draft.order_index}
            onChange={(e) => update("order_index", e.target.value)}
          />
        </Field>
      </div>
      <Switch
        label="Publié"
        checked={draft.is_published === "true"}
        disabled={page.is_main}
        onCheckedChange={(checked) => update("is_published", String(checked))}
        description={
          draft.is_published === "true"
            ? `Publié : la page est visible à l'adresse ${draft.slug || "choisie"}.`
            : "Brouillon : la page n'est visible que dans l'administration."
        }
      />
      <Suspense
        fallback={<p className="min-h-80 text-sm text-gray-600">Chargement de l'éditeur…</p>}
      >
        <RichTextEditor
          label="Contenu"
          value={draft.content}
          onChange={(html) => update("content", html)}
          error={errors.content}
          description="Titres, listes, gras, italique et liens ; le contenu est nettoyé à l'enregistrement."
        />
      </Suspense>
      <DeleteZone label="Supprimer la page" busy={deleting} onDelete={onDelete} />
    </EditorPanel>
  );
}
