import { TRASH_NOTICE } from "~/domains/history/trash";
import type { ReactNode } from "react";
import { Link, useFetcher, type FetcherWithComponents } from "react-router";
import { useActionToast, useRowFetcher } from "~/components/admin/forms/use-action-toast";
import { ListThumbnail } from "~/components/admin/list/list-thumbnail";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { Button, buttonClasses } from "~/components/ui/button";
import { RemoveButton } from "~/components/ui/remove-button";
import type { ConfirmOptions } from "~/components/ui/confirm-dialog";
import { formatFrenchDate } from "~/core/date-format";
import type { PostListItem } from "~/domains/content/post-admin.server";
import type { Toast } from "~/utils/toast";
import { ScheduleBadges } from "~/components/admin/schedule/schedule-badges";
import { BLOG_CATEGORY_CHOICES } from "~/domains/content/post-schema";

type Result = { toast?: Toast; ok?: boolean };

const CATEGORY_LABEL = Object.fromEntries(
  BLOG_CATEGORY_CHOICES.map((choice) => [choice.value, choice.label]),
);

const PUBLISH = "Publier";
const UNPUBLISH = "Dépublier";
const FEATURE = "Mettre en avant";
const UNFEATURE = "Retirer des mis en avant";

/** The key of the delete buttons' fetcher: the list shows its toast (useRowsToast). */
export const BLOG_DELETE = "blog-delete";

/**
 * One article of the admin list: its state, and its actions (each with its own fetcher).
 * Light, since a page holds 25: a thumbnail, text buttons without icons.
 */
export function BlogPostRow({
  post,
  thumbnail,
  onEdit,
  confirm,
  now,
}: {
  post: PostListItem;
  /** The list's load time: the schedule's « en retard » mark. */
  now: Date;
  thumbnail: string | null;
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
      description: `« ${post.title} » sera supprimé du site. ${TRASH_NOTICE}`,
    });
    if (confirmed) remove.submit({ intent: "delete", id: post.id }, { method: "post" });
  }

  const hidden = <span className="sr-only"> : {post.title}</span>;
  const flags = [
    { fetcher: publish, intent: "publish", on: published, turnOn: PUBLISH, turnOff: UNPUBLISH },
    { fetcher: feature, intent: "feature", on: featured, turnOn: FEATURE, turnOff: UNFEATURE },
  ] as const;

  return (
    <li
      aria-busy={deleting || undefined}
      className={cn("card flex gap-3 p-3 sm:gap-4 sm:p-4", deleting && "opacity-60")}
    >
      <ListThumbnail
        src={thumbnail}
        className="aspect-[16/10] w-20 self-start rounded-md sm:w-36"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          {/* A draft scheduled to go out reads « Programmé pour le … » alone. */}
          {(published || !post.publish_at) && (
            <Badge tone={published ? "success" : "neutral"}>
              {published ? "Publié" : "Brouillon"}
            </Badge>
          )}
          <ScheduleBadges schedule={post} now={now} />
          {featured && <Badge tone="warning">Mis en avant</Badge>}
          <Badge tone="teal">{CATEGORY_LABEL[post.category]}</Badge>
        </div>
        <h2 className="leading-snug font-bold break-words text-ink sm:text-lg">{post.title}</h2>
        <p className="text-sm break-words text-gray-600">
          <time dateTime={post.published_at}>{formatFrenchDate(post.published_at)}</time>
          {post.author && ` · par ${post.author}`} · /blog/{post.slug}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => onEdit(post.id)}>
            Modifier{hidden}
          </Button>
          <Link
            to={`/admin/blog/${post.id}/apercu`}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            Aperçu{hidden}
          </Link>
          {flags.map((flag) => (
            <FlagButton key={flag.intent} postId={post.id} {...flag}>
              {hidden}
            </FlagButton>
          ))}
          <RemoveButton busy={deleting} icon={false} onClick={onDelete}>
            Supprimer{hidden}
          </RemoveButton>
        </div>
      </div>
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
  turnOn: string;
  turnOff: string;
  /** The article's title for screen readers. */
  children: ReactNode;
}) {
  const label = on ? turnOff : turnOn;
  return (
    <Button
      size="sm"
      variant="secondary"
      busy={fetcher.state !== "idle"}
      onClick={() => fetcher.submit({ intent, id: postId, value: String(!on) }, { method: "post" })}
    >
      {label}
      {children}
    </Button>
  );
}
