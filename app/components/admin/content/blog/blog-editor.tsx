import { ImagePlus } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useDialogGuard } from "~/components/admin/forms/unsaved-changes";
import { UploadField } from "~/components/admin/forms/upload-field";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { Button } from "~/components/ui/button";
import { RemoveButton } from "~/components/ui/remove-button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { slugify } from "~/core/slug";
import type { Post } from "~/domains/content/post.server";
import { fieldErrors } from "~/core/form";
import type { Toast } from "~/utils/toast";
import { ScheduleFields } from "~/components/admin/schedule/schedule-fields";
import {
  parseSchedule,
  scheduleDraftOf,
  type ScheduleDraft,
  type ScheduleField,
} from "~/domains/content/publish-schedule";
import { BlogDraftPreview, type ArticleTexts } from "./blog-draft-preview";
import {
  BLOG_CATEGORY_CHOICES,
  insertImageLine,
  markdownImageLine,
  PostSchema,
  type PostDraft,
} from "~/domains/content/post-schema";
import { isoToClubLocal } from "~/core/club-time";

type Errors = Partial<Record<keyof PostDraft | ScheduleField | "form", string>>;
type Result = { toast?: Toast; ok?: boolean; errors?: Errors };

function draftOf(post: Post | null): PostDraft {
  return {
    title: post?.title ?? "",
    subtitle: post?.subtitle ?? "",
    excerpt: post?.excerpt ?? "",
    content: post?.content ?? "",
    image_url: post?.image_url ?? "",
    category: post?.category ?? "actualite",
    author: post?.author ?? "",
    published_at: isoToClubLocal(post?.published_at ?? new Date().toISOString()),
  };
}

/**
 * The create/edit dialog of an article. `post` null: a new article (a draft until it is
 * published from the list). The form keeps what was typed when the server refuses it.
 * Give it a new `key` for each opening: it starts from the article as it was loaded then.
 * Its "Aperçu" tab shows what is typed as the public page will, before any save.
 */
export function BlogEditor({
  open,
  post,
  articleTexts,
  onOpenChange,
  now,
}: {
  open: boolean;
  post: Post | null;
  articleTexts: ArticleTexts;
  onOpenChange: (open: boolean) => void;
  /** The list's load time: the schedule's « en retard » mark. */
  now: Date;
}) {
  const fetcher = useFetcher<Result>();
  useActionToast(fetcher.data);
  const saving = fetcher.state !== "idle";
  const [initial] = useState<PostDraft>(() => draftOf(post));
  const [draft, setDraft] = useState<PostDraft>(initial);
  const [initialSchedule] = useState<ScheduleDraft>(() => scheduleDraftOf(post));
  const [schedule, setSchedule] = useState<ScheduleDraft>(initialSchedule);
  const changed =
    (Object.keys(initial) as (keyof PostDraft)[]).some(
      (field) => draft[field] !== initial[field],
    ) ||
    schedule.publish_at !== initialSchedule.publish_at ||
    schedule.unpublish_at !== initialSchedule.unpublish_at;
  const guard = useDialogGuard({
    dirty: open && changed,
    busy: saving,
    onClose: () => onOpenChange(false),
  });
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const [tab, setTab] = useState("redaction");
  const [imageAlt, setImageAlt] = useState("");
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const cursorRef = useRef<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // A successful save closes the dialog.
  const answered = useRef<Result | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || answered.current === fetcher.data) return;
    answered.current = fetcher.data;
    if (fetcher.data.ok) onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);

  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  const errors: Errors = clientErrors ?? (saving ? {} : (serverErrors ?? {}));

  // Focus goes to the first field in error (a submit shows the writing tab).
  useEffect(() => {
    if (!clientErrors && !serverErrors) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [clientErrors, serverErrors]);

  const set = (field: keyof PostDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (clientErrors?.[field]) setClientErrors({ ...clientErrors, [field]: undefined });
  };
  const setScheduleField = (field: ScheduleField, value: string) => {
    setSchedule((current) => ({ ...current, [field]: value }));
    if (clientErrors?.[field]) setClientErrors({ ...clientErrors, [field]: undefined });
  };

  function rememberCursor() {
    cursorRef.current = contentRef.current?.selectionStart ?? null;
  }

  function insertImage(url: string) {
    const at = cursorRef.current ?? draft.content.length;
    const next = insertImageLine(draft.content, at, markdownImageLine(imageAlt, url));
    set("content")(next.content);
    setImageAlt("");
    cursorRef.current = next.cursor;
    requestAnimationFrame(() => {
      const area = contentRef.current;
      if (!area) return;
      area.focus();
      area.setSelectionRange(next.cursor, next.cursor);
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Any field in error is on the writing tab.
    setTab("redaction");
    const parsed = PostSchema.safeParse(draft);
    const scheduled = parseSchedule(schedule, {
      now: new Date(),
      current: post,
      published: post?.is_published ?? false,
    });
    if (!parsed.success || !scheduled.ok) {
      setClientErrors({
        ...(parsed.success ? {} : (fieldErrors(parsed.error) as Errors)),
        ...(scheduled.ok ? {} : scheduled.errors),
      });
      return;
    }
    setClientErrors(null);
    fetcher.submit(
      post
        ? { intent: "update", id: post.id, updated_at: post.updated_at, ...draft, ...schedule }
        : { intent: "create", ...draft, ...schedule },
      { method: "post" },
    );
  }

  return (
    <>
      <Dialog open={open} onOpenChange={guard.onOpenChange}>
        <DialogContent
          size="xl"
          title={post ? "Modifier l'article" : "Nouvel article"}
          description={
            post
              ? "Les modifications d'un article publié sont visibles dès l'enregistrement."
              : "L'article est créé en brouillon : publiez-le depuis la liste quand il est prêt."
          }
        >
          <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
            {errors.form && (
              <p
                role="alert"
                className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
              >
                {errors.form}
              </p>
            )}
            <Tabs value={tab} onValueChange={setTab} className="gap-4">
              {/* Kept in sight while a long article scrolls. */}
              <div className="sticky -top-4 z-10 -mx-5 -mt-4 bg-white px-5 pt-4 pb-2">
                <TabsList aria-label="Rédaction ou aperçu de l'article" className="w-fit">
                  <TabsTrigger value="redaction">Rédaction</TabsTrigger>
                  <TabsTrigger value="apercu">Aperçu</TabsTrigger>
                </TabsList>
              </div>
              {/* Kept mounted while the preview shows: the fields keep their state (upload, cursor). */}
              <TabsContent
                value="redaction"
                forceMount
                className="flex flex-col gap-4 data-[state=inactive]:hidden"
              >
                <Field label="Titre" required error={errors.title}>
                  <Input
                    value={draft.title}
                    onChange={(e) => set("title")(e.target.value)}
                    maxLength={200}
                  />
                </Field>
                <PostAddress post={post} title={draft.title} />
                <Field label="Sous-titre" error={errors.subtitle}>
                  <Input
                    value={draft.subtitle}
                    onChange={(e) => set("subtitle")(e.target.value)}
                    maxLength={300}
                  />
                </Field>
                <Field
                  label="Extrait"
                  description="Résumé des cartes d'articles ; vide, le début du contenu est repris."
                  error={errors.excerpt}
                >
                  <Textarea
                    rows={2}
                    value={draft.excerpt}
                    onChange={(e) => set("excerpt")(e.target.value)}
                  />
                </Field>
                <Field
                  label="Contenu"
                  required
                  description="Un paragraphe par ligne. Une ligne ![légende](adresse) affiche une image, agrandissable d'un clic."
                  error={errors.content}
                >
                  <Textarea
                    ref={contentRef}
                    rows={12}
                    value={draft.content}
                    onChange={(e) => {
                      set("content")(e.target.value);
                      cursorRef.current = e.target.selectionStart;
                    }}
                    onSelect={rememberCursor}
                    onClick={rememberCursor}
                    onKeyUp={rememberCursor}
                  />
                </Field>
                <fieldset className="flex flex-col gap-3 rounded-md border border-dashed border-gray-300 p-3">
                  <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-ink">
                    <ImagePlus aria-hidden="true" className="size-4" />
                    Image dans le contenu
                  </legend>
                  <Field label="Légende de l'image (facultatif)">
                    <Input
                      value={imageAlt}
                      onChange={(e) => setImageAlt(e.target.value)}
                      maxLength={200}
                    />
                  </Field>
                  <UploadField
                    kind="image"
                    bucket="site-images"
                    subpath="blog"
                    label="Insérer une image"
                    description="L'image est ajoutée au contenu, sur sa propre ligne, à l'endroit du curseur."
                    onUploaded={(file) => insertImage(file.url)}
                  />
                </fieldset>
                <div className="flex flex-col gap-2">
                  <UploadField
                    kind="image"
                    bucket="site-images"
                    subpath="blog"
                    label="Image de couverture"
                    value={draft.image_url || undefined}
                    error={errors.image_url}
                    onUploaded={(file) => set("image_url")(file.url)}
                  />
                  {draft.image_url && (
                    <RemoveButton className="self-start" onClick={() => set("image_url")("")}>
                      Retirer l'image de couverture
                    </RemoveButton>
                  )}
                </div>
                <div className="grid gap-4 sm:grid-cols-3">
                  <Field label="Catégorie" error={errors.category}>
                    <Select
                      value={draft.category}
                      onChange={(e) => set("category")(e.target.value)}
                      options={BLOG_CATEGORY_CHOICES}
                    />
                  </Field>
                  <Field label="Auteur" error={errors.author}>
                    <Input
                      value={draft.author}
                      onChange={(e) => set("author")(e.target.value)}
                      maxLength={120}
                    />
                  </Field>
                  <Field label="Date de publication" error={errors.published_at}>
                    <Input
                      type="datetime-local"
                      value={draft.published_at}
                      onChange={(e) => set("published_at")(e.target.value)}
                    />
                  </Field>
                </div>
                <ScheduleFields
                  draft={schedule}
                  stored={post}
                  errors={errors}
                  onChange={setScheduleField}
                  now={now}
                  noun="l'article"
                  note="Programmé, l'article prend pour date de publication celle de « Publier le »."
                />
              </TabsContent>
              <TabsContent value="apercu">
                <BlogDraftPreview draft={draft} texts={articleTexts} />
              </TabsContent>
            </Tabs>
            <DialogFooter>
              {post && (
                <div className="sm:mr-auto">
                  <HistoryPanel type="post" id={post.id} onRestored={() => onOpenChange(false)} />
                </div>
              )}
              <DialogClose asChild>
                <Button variant="secondary" disabled={saving}>
                  Annuler
                </Button>
              </DialogClose>
              <Button type="submit" busy={saving}>
                {saving ? "Sauvegarde..." : post ? "Enregistrer" : "Créer l'article"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      {guard.dialogs}
    </>
  );
}

/**
 * The article's address, and before saving, the warning that a new title moves it
 * (the old one redirects: DESIGN.md, departures from the spec). A -2 may be added to a
 * slug another article holds, hence "environ".
 */
function PostAddress({ post, title }: { post: Post | null; title: string }) {
  const next = slugify(title) || "article";
  if (!post) {
    return (
      <p className="-mt-2 text-sm text-gray-700">
        Adresse de l'article : <code>/blog/{next}</code>
      </p>
    );
  }
  const renamed = title !== post.title && next !== post.slug;
  return (
    <div className="-mt-2 flex flex-col gap-2 text-sm text-gray-700">
      <p>
        Adresse actuelle : <code>/blog/{post.slug}</code>
      </p>
      {renamed && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 font-medium text-amber-900"
        >
          Le nouveau titre change l'adresse de l'article : elle deviendra environ{" "}
          <code>/blog/{next}</code>. L'ancienne adresse <code>/blog/{post.slug}</code> redirigera
          vers la nouvelle, les liens déjà partagés continueront de fonctionner.
        </p>
      )}
    </div>
  );
}
