import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { ScheduleFields } from "~/components/admin/schedule/schedule-fields";
import { scheduleDraftOf } from "~/domains/content/publish-schedule";
import { NewTabButton, SaveButton } from "~/components/admin/forms/buttons";
import { EditorPanel } from "~/components/admin/forms/editor-panel";
import { Field } from "~/components/ui/field";
import { Input, WholeNumberInput } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { PAGE_TEMPLATES } from "~/domains/content/defaults";
import { DeleteZone } from "~/components/admin/content/records/discipline-appearance";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { useRecordDraft } from "~/components/admin/content/records/record-editor-frame";
import { PageMenuEntry } from "./page-menu-entry";
import {
  PAGE_MESSAGES,
  sitePageSchemaFor,
  slugFollowsTitle,
  slugFromTitle,
  TEMPLATE_LABELS,
  type PageFormValues,
} from "~/domains/content/page-schema";

/* The Pages screen's editor of a page of its own (main pages are not edited here). */

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
  publish_at: string | null;
  unpublish_at: string | null;
  updated_at: string;
}

const toValues = (page: AdminPage): PageFormValues => ({
  ...scheduleDraftOf(page),
  title: page.title,
  slug: page.slug,
  content: page.content,
  is_published: String(page.is_published),
  template: page.template,
  order_index: String(page.order_index),
});

export function PageEditor({
  page,
  inMenu,
  onDirtyChange,
  onDelete,
  deleting,
  now,
}: {
  page: AdminPage;
  /** The list's load time: the schedule's « en retard » mark. */
  now: Date;
  /** An entry of the site's menu leads to the page's saved address. */
  inMenu: boolean;
  onDirtyChange: (dirty: boolean) => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  // The schedule's rules read the page as loaded (a date kept may be past: it is late).
  const schema = useMemo(() => sitePageSchemaFor(page), [page]);
  // A slug another page holds is refused by the server (the list shows one page of them).
  const editor = useRecordDraft({
    record: page,
    toValues,
    schema,
    invalidMessage: PAGE_MESSAGES.invalid,
  });
  const { draft, update, errors, dirty, save, saving, base } = editor;
  // A draft's address follows its title until it is typed by hand.
  const [slugTyped, setSlugTyped] = useState(() => !slugFollowsTitle(page));
  const slugFollows = !slugTyped && !base.is_published;

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  function changeTitle(title: string) {
    update("title", title);
    const slug = slugFromTitle(title);
    if (slugFollows && slug) update("slug", slug);
  }

  function changeSlug(slug: string) {
    setSlugTyped(true);
    update("slug", slug);
  }

  return (
    <EditorPanel
      titleId="editeur-page-titre"
      title={base.title}
      dirty={dirty}
      actions={
        <>
          <HistoryPanel type="page" id={base.id} />
          {base.is_published && <NewTabButton href={base.slug}>Voir la page</NewTabButton>}
          <SaveButton onClick={save} dirty={dirty} saving={saving} />
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Titre" required error={errors.title}>
          <Input value={draft.title} onChange={(e) => changeTitle(e.target.value)} />
        </Field>
        <Field
          label="URL de la page"
          required
          error={errors.slug}
          description={
            slugFollows
              ? "Suit le titre tant que vous ne la modifiez pas. Commence par /, par exemple /partenaires."
              : "Commence par /, par exemple /partenaires."
          }
        >
          <Input
            value={draft.slug}
            spellCheck={false}
            autoCapitalize="none"
            className="font-mono"
            onChange={(e) => changeSlug(e.target.value)}
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
        onCheckedChange={(checked) => update("is_published", String(checked))}
        description={
          draft.is_published === "true"
            ? `Publié : la page est visible à l'adresse ${draft.slug || "choisie"}.`
            : "Brouillon : la page n'est visible que dans l'administration."
        }
      />
      <ScheduleFields
        draft={{ publish_at: draft.publish_at, unpublish_at: draft.unpublish_at }}
        stored={base}
        errors={errors}
        onChange={update}
        now={now}
        noun="la page"
      />
      <PageMenuEntry page={base} inMenu={inMenu} dirty={dirty} />
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
