import { useEffect, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { NewTabButton, SaveButton } from "~/components/admin/forms/buttons";
import { showToast, useActionToast } from "~/components/admin/forms/use-action-toast";
import { EditorPanel } from "~/components/admin/forms/editor-panel";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { StringListEditor } from "~/components/ui/list-editor";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { Toast } from "~/utils/toast";
import { fieldErrors, type FieldErrors } from "~/core/form";
import { itemErrors, toFormData } from "~/domains/content/discipline-schema";

/*
 * The editor of one discipline or training format: a Contenu tab (shared fields), an
 * Apparence tab (given by the screen), Aperçu and Sauvegarder. It keeps the admin's draft
 * against the version it was loaded from, so a save refused as stale keeps every edit.
 */

export interface EditableRecord {
  id: number;
  title: string;
  /** Inserted by "Ajouter", not yet saved with a title: not on the public site. */
  is_draft?: boolean;
  updated_at: string;
}

/** The fields both editors share (Contenu tab). */
export interface ContentValues {
  title: string;
  subtitle: string;
  description: string;
  details: string[];
  conclusion: string;
}

export type SaveResult<R> = {
  toast?: Toast;
  saved?: R;
  errors?: FieldErrors;
  stale?: boolean;
};

type FormValue = string | string[];

const CONTENT_FIELDS = ["title", "subtitle", "description", "details", "conclusion"];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The draft of one record. A save's answer becomes the new base; a newer version from the
 * loader replaces the draft only while nothing is pending.
 */
export function useRecordDraft<R extends EditableRecord, V extends Record<string, FormValue>>({
  record,
  toValues,
  schema,
  invalidMessage,
}: {
  record: R;
  toValues: (record: R) => V;
  schema: z.ZodType;
  invalidMessage: string;
}) {
  const fetcher = useFetcher<SaveResult<R>>();
  const [base, setBase] = useState(record);
  const [draft, setDraft] = useState(() => toValues(record));
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [seen, setSeen] = useState(fetcher.data);
  const dirty = !same(draft, toValues(base));

  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    const saved = fetcher.data?.saved;
    if (saved) {
      setBase(saved);
      setDraft(toValues(saved));
    }
  } else if (!dirty && record.updated_at > base.updated_at) {
    // Saved elsewhere (another tab) while nothing was pending here: show that version.
    setBase(record);
    setDraft(toValues(record));
  }
  useActionToast(fetcher.data);

  const errors = clientErrors ?? fetcher.data?.errors ?? {};
  const saving = fetcher.state !== "idle";

  function update(name: keyof V & string, value: FormValue) {
    setDraft((current) => ({ ...current, [name]: value }));
  }

  /** Checks the draft with the shared schema, then posts it; returns the errors found. */
  function save(): FieldErrors {
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error, { byPath: true });
      setClientErrors(found);
      showToast({ type: "error", message: invalidMessage });
      return found;
    }
    setClientErrors(null);
    fetcher.submit(
      toFormData({ intent: "save", id: base.id, updated_at: base.updated_at, ...draft }),
      { method: "post" },
    );
    return {};
  }

  return { base, draft, update, dirty, errors, save, saving };
}

/** What the frame needs of useRecordDraft's result (method syntax: any record's draft fits). */
export interface FrameEditor {
  base: EditableRecord;
  draft: ContentValues;
  update(name: keyof ContentValues, value: string | string[]): void;
  dirty: boolean;
  errors: FieldErrors;
  save(): FieldErrors;
  saving: boolean;
}

export function EditorFrame({
  kindLabel,
  historyType,
  previewHref,
  editor,
  appearance,
  onDirtyChange,
}: {
  /** "la discipline", "le format": completes the headings and labels. */
  kindLabel: string;
  /** The history's word for the record (its Historique panel). */
  historyType: "discipline" | "format";
  previewHref: string;
  editor: FrameEditor;
  appearance: ReactNode;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { draft, update, dirty, errors, save, saving, base } = editor;
  const [tab, setTab] = useState("contenu");

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  function onSave() {
    const found = Object.keys(save());
    if (found.length === 0) return;
    // Show the tab holding the first invalid field.
    const first = found[0]!.split(".")[0]!;
    setTab(CONTENT_FIELDS.includes(first) ? "contenu" : "apparence");
  }

  return (
    <EditorPanel
      titleId="editeur-titre"
      title={base.title}
      dirty={dirty}
      actions={
        <>
          <HistoryPanel type={historyType} id={base.id} />
          <NewTabButton href={previewHref}>Aperçu</NewTabButton>
          <SaveButton onClick={onSave} dirty={dirty} saving={saving} />
        </>
      }
    >
      {base.is_draft && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          Brouillon : invisible pour les visiteurs. Donnez un titre puis sauvegardez pour l'afficher
          sur le site.
        </p>
      )}

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={`Sections de l'éditeur de ${kindLabel}`}>
          <TabsTrigger value="contenu">Contenu</TabsTrigger>
          <TabsTrigger value="apparence">Apparence</TabsTrigger>
        </TabsList>
        <TabsContent value="contenu" className="flex flex-col gap-4">
          <Field label="Titre" error={errors.title}>
            <Input value={draft.title} onChange={(e) => update("title", e.target.value)} />
          </Field>
          <Field label="Sous-titre" error={errors.subtitle}>
            <Input value={draft.subtitle} onChange={(e) => update("subtitle", e.target.value)} />
          </Field>
          <Field label="Description" error={errors.description}>
            <Textarea
              rows={5}
              value={draft.description}
              onChange={(e) => update("description", e.target.value)}
            />
          </Field>
          <StringListEditor
            label="Points clés"
            itemLabel={(index) => `Point clé ${index + 1}`}
            addLabel="Ajouter un point clé"
            items={draft.details}
            onChange={(items) => update("details", items)}
            itemErrors={itemErrors(errors, "details")}
            error={errors.details}
          />
          <Field
            label="Conclusion (facultative)"
            error={errors.conclusion}
            description="Une phrase affichée après les points clés."
          >
            <Textarea
              rows={3}
              value={draft.conclusion}
              onChange={(e) => update("conclusion", e.target.value)}
            />
          </Field>
        </TabsContent>
        <TabsContent value="apparence" className="flex flex-col gap-6">
          {appearance}
        </TabsContent>
      </Tabs>
    </EditorPanel>
  );
}
