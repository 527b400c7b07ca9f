import { Eye, EyeOff, ImageIcon, Pencil, Star, StarOff, View, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useFetcher, type FetcherWithComponents } from "react-router";
import { useActionToast, useRowFetcher } from "~/components/admin/forms/use-action-toast";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { RemoveButton } from "~/components/ui/remove-button";
import { Card } from "~/components/ui/card";
import type { ConfirmOptions } from "~/components/ui/confirm-dialog";
import { formatFrenchDate } from "~/content/dates";
import type { PostListItem } from "~/models/post.server";
import type { ImageVariant } from "~/storage/variants.server";
import type { Toast } from "~/utils/toast";
import { BLOG_CATEGORY_CHOICES } from "./blog-schema";

type Result = { toast?: Toast; ok?: boolean };

const CATEGORY_LABEL = Object.fromEntries(
  BLOG_CATEGORY_CHOICES.map((choice) => [choice.value, choice.label]),
);

const PUBLISH = { icon: Eye, label: "Publier" };
const UNPUBLISH = { icon: EyeOff, label: "Dépublier" };
const FEATURE = { icon: Star, label: "Mettre en avant" };
const UNFEATURE = { icon: StarOff, label: "Retirer des mis en avant" };

/** The key of the delete buttons' fetcher: the list shows its toast (useRowsToast). */
export const BLOG_DELETE = "blog-delete";

/** One article of the admin list: its state, and its actions (each with its own fetcher). */
export function BlogPostRow({
  post,
  variants,
  onEdit,
  confirm,
}: {
  post: PostListItem;
  variants?: ImageVariant[];
  /** Opens the editor, which loads the article's whole text. */
  onEdit: (id: number) => void;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}) {
  const publish = useFetcher<Result>();
  const feature = useFetcher<Result>();
  const { fetcher: remove, busy: deleting } = useRowFetcher<Result>(BLOG_DELETE, post.id);
  useActionToast(publish.data);
  useActionToast(feature.data);

  // What the admin asked for shows at once; the answer (or an error) settles it.
  const pending = (fetcher: typeof publish) =>
    fetcher.formData ? fetcher.formData.get("value") === "true" : null;
  const published = pending(publish) ?? post.is_published;
  const featured = pending(feature) ?? post.is_featured;

  async function onDelete() {
    const confirmed = await confirm({
      title: "Supprimer cet article ?",
      description: `« ${post.title} » sera définitivement supprimé.`,
    });
    if (confirmed) remove.submit({ intent: "delete", id: post.id }, { method: "post" });
  }

  const hidden = <span className="sr-only"> : {post.title}</span>;
  const flags = [
    { fetcher: publish, intent: "publish", on: published, turnOn: PUBLISH, turnOff: UNPUBLISH },
    { fetcher: feature, intent: "feature", on: featured, turnOn: FEATURE, turnOff: UNFEATURE },
  ] as const;

  return (
    <li aria-busy={deleting || undefined} className={deleting ? "opacity-60" : undefined}>
      <Card className="flex flex-col gap-4 p-4 sm:flex-row">
        <div className="aspect-[16/10] w-full shrink-0 overflow-hidden rounded-md bg-gray-100 sm:w-40 sm:self-start">
          {post.image_url ? (
            <ResponsiveImage
              src={post.image_url}
              variants={variants}
              alt=""
              sizes="(min-width: 640px) 160px, 100vw"
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center">
              <ImageIcon aria-hidden="true" className="size-8 text-gray-400" />
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={published ? "success" : "neutral"}>
              {published ? "Publié" : "Brouillon"}
            </Badge>
            {featured && (
              <Badge tone="warning">
                <Star aria-hidden="true" className="size-3" />
                Mis en avant
              </Badge>
            )}
            <Badge tone="teal">{CATEGORY_LABEL[post.category]}</Badge>
          </div>
          <h2 className="text-lg leading-snug font-bold break-words text-ink">{post.title}</h2>
          {post.subtitle && <p className="text-sm text-gray-700">{post.subtitle}</p>}
          <p className="text-sm text-gray-600">
            <time dateTime={post.published_at}>{formatFrenchDate(post.published_at)}</time>
            {post.author && <> · par {post.author}</>}
            <span className="block truncate sm:inline">
              <span className="hidden sm:inline"> · </span>/blog/{post.slug}
            </span>
          </p>
          <div className="mt-1 flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => onEdit(post.id)}>
              <Pencil aria-hidden="true" className="size-4" />
              Modifier{hidden}
            </Button>
            <Link
              to={`/admin/blog/${post.id}/apercu`}
              className={buttonClasses({ variant: "secondary", size: "sm" })}
            >
              <View aria-hidden="true" className="size-4" />
              Aperçu{hidden}
            </Link>
            {flags.map((flag) => (
              <FlagButton key={flag.intent} postId={post.id} {...flag}>
                {hidden}
              </FlagButton>
            ))}
            <RemoveButton busy={deleting} onClick={onDelete}>
              Supprimer{hidden}
            </RemoveButton>
          </div>
        </div>
      </Card>
    </li>
  );
}

/** Turns one of the article's flags (published, featured) on or off with its own fetcher. */
function FlagButton({
  fetcher,
  intent,
  postId,
  on,
  turnOn,
  turnOff,
  children,
}: {
  fetcher: FetcherWithComponents<Result>;
  intent: "publish" | "feature";
  postId: number;
  on: boolean;
  turnOn: { icon: LucideIcon; label: string };
  turnOff: { icon: LucideIcon; label: string };
  /** The article's title for screen readers. */
  children: ReactNode;
}) {
  const { icon: Icon, label } = on ? turnOff : turnOn;
  return (
    <Button
      size="sm"
      variant="secondary"
      busy={fetcher.state !== "idle"}
      onClick={() => fetcher.submit({ intent, id: postId, value: String(!on) }, { method: "post" })}
    >
      {fetcher.state === "idle" && <Icon aria-hidden="true" className="size-4" />}
      {label}
      {children}
    </Button>
  );
}
