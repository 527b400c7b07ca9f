import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { SaveButton } from "~/components/admin/forms/buttons";
import { MediaAddTab } from "~/components/admin/content/media/media-add-tab";
import { MediaLibraryTab } from "~/components/admin/content/media/media-library-tab";
import { MediaLogoTab } from "~/components/admin/content/media/media-logo-tab";
import { loadedAtOrNull, type MediaChangesInput } from "~/domains/content/media-schema";
import { MediaVideoTab } from "~/components/admin/content/media/media-video-tab";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { UnsavedBanner, useUnsavedChangesGuard } from "~/components/admin/forms/unsaved-changes";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { MediaLibraryItem } from "~/domains/content/media.server";
import type { Toast } from "~/utils/toast";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import { adminMeta } from "~/utils/admin-route";
import type { Route } from "./+types/media";
import { mediaAction, mediaLoader } from "./media.server";

export const meta: Route.MetaFunction = () => adminMeta("Médias");

export async function loader({ request }: Route.LoaderArgs) {
  return mediaLoader({ request });
}

export async function action(args: Route.ActionArgs) {
  return mediaAction(args);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

const TABS = [
  { value: "logo", label: "Logo" },
  { value: "video", label: "Vidéo d'accueil" },
  { value: "images", label: "Images du site" },
  { value: "ajouter", label: "Ajouter des médias" },
] as const;
type TabValue = (typeof TABS)[number]["value"];

type Result = { toast?: Toast; ok?: boolean; intent?: string; errors?: Record<string, string> };

/** Edits waiting for the global save, each with the version it was made on. */
interface Pending {
  logoRemoved?: { loadedAt: string };
  videoTitle?: { title: string; loadedAt: string };
  titles: Record<number, { title: string; loadedAt: string }>;
}
const NOTHING: Pending = { titles: {} };

export default function AdminMedia({ loaderData }: Route.ComponentProps) {
  const { library, siteImages, thumbnails, publicOrigin, logo, video } = loaderData;
  const [params, setParams] = useSearchParams();
  const tab: TabValue = TABS.some((t) => t.value === params.get("tab"))
    ? (params.get("tab") as TabValue)
    : "logo";
  const setTab = (value: string) =>
    setParams(
      (current) => {
        current.set("tab", value);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );

  const [pending, setPending] = useState<Pending>(NOTHING);
  const [confirm, confirmDialog] = useConfirm();
  const dirty =
    Boolean(pending.logoRemoved) ||
    Boolean(pending.videoTitle) ||
    Object.keys(pending.titles).length > 0;
  const leaveDialog = useUnsavedChangesGuard(dirty);

  const save = useFetcher<Result>();
  const logoFetcher = useFetcher<Result>();
  const videoFetcher = useFetcher<Result>();
  useActionToast(save.data);
  useActionToast(logoFetcher.data);
  useActionToast(videoFetcher.data);

  // A successful save (or an upload that saved part of it) settles the matching edits.
  useSettled(save, () => setPending(NOTHING));
  useSettled(logoFetcher, () => setPending(({ logoRemoved: _, ...rest }) => rest));
  useSettled(videoFetcher, () => setPending(({ videoTitle: _, ...rest }) => rest));

  const saveErrors = save.state === "idle" && save.data && !save.data.ok ? save.data.errors : {};
  const videoTitle = pending.videoTitle?.title ?? video.title;

  function submitChanges() {
    const changes: MediaChangesInput = {};
    if (pending.logoRemoved) {
      changes.logo = { url: "", loadedAt: loadedAtOrNull(pending.logoRemoved.loadedAt) };
    }
    if (pending.videoTitle) {
      changes.videoTitle = {
        title: pending.videoTitle.title,
        loadedAt: loadedAtOrNull(pending.videoTitle.loadedAt),
      };
    }
    const titles = Object.entries(pending.titles).map(([id, change]) => ({
      id: Number(id),
      title: change.title,
      loadedAt: change.loadedAt,
    }));
    if (titles.length) changes.titles = titles;
    save.submit({ intent: "save", changes: JSON.stringify(changes) }, { method: "post" });
  }

  const titleOf = useCallback(
    (item: MediaLibraryItem) => pending.titles[item.id]?.title ?? item.title,
    [pending.titles],
  );
  function changeTitle(item: MediaLibraryItem, title: string) {
    setPending((current) => {
      const titles = { ...current.titles };
      if (title === item.title) delete titles[item.id];
      else
        titles[item.id] = { title, loadedAt: current.titles[item.id]?.loadedAt ?? item.updated_at };
      return { ...current, titles };
    });
  }

  return (
    <>
      <AdminPageHeader
        title="Médias"
        description="Le logo, la vidéo de la page d'accueil et la bibliothèque d'images du site."
        actions={
          <SaveButton onClick={submitChanges} dirty={dirty} saving={save.state !== "idle"} />
        }
      >
        <UnsavedBanner dirty={dirty} />
      </AdminPageHeader>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Sections des médias">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="logo">
          <MediaLogoTab
            url={logo.url}
            removing={Boolean(pending.logoRemoved)}
            busy={logoFetcher.state !== "idle"}
            onUploaded={(url) =>
              logoFetcher.submit(
                { intent: "logo", url, title: "Logo du site", loaded_at: logo.updated_at },
                { method: "post" },
              )
            }
            onRemove={() =>
              setPending((c) => ({ ...c, logoRemoved: { loadedAt: logo.updated_at } }))
            }
            onUndoRemove={() => setPending(({ logoRemoved: _, ...rest }) => rest)}
          />
        </TabsContent>
        <TabsContent value="video">
          <MediaVideoTab
            url={video.url}
            title={videoTitle}
            titleError={saveErrors?.videoTitle}
            busy={videoFetcher.state !== "idle"}
            onTitleChange={(title) =>
              setPending((current) => {
                if (title === video.title) {
                  const { videoTitle: _, ...rest } = current;
                  return rest;
                }
                const loadedAt = current.videoTitle?.loadedAt ?? video.updated_at;
                return { ...current, videoTitle: { title, loadedAt } };
              })
            }
            onUploaded={(url) =>
              videoFetcher.submit(
                { intent: "video", url, title: videoTitle, loaded_at: video.updated_at },
                { method: "post" },
              )
            }
          />
        </TabsContent>
        {/* Kept mounted when hidden: a title being typed or a form half filled stays. */}
        <TabsContent value="images" forceMount className="data-[state=inactive]:hidden">
          <MediaLibraryTab
            library={library}
            siteImages={siteImages}
            thumbnails={thumbnails}
            publicOrigin={publicOrigin}
            titleOf={titleOf}
            titleErrors={saveErrors ?? {}}
            onTitleChange={changeTitle}
            confirm={confirm}
          />
        </TabsContent>
        <TabsContent value="ajouter" forceMount className="data-[state=inactive]:hidden">
          <MediaAddTab />
        </TabsContent>
      </Tabs>
      {confirmDialog}
      {leaveDialog}
    </>
  );
}

/** Runs `onSuccess` once for each successful answer of the fetcher. */
function useSettled(fetcher: { state: string; data?: Result }, onSuccess: () => void) {
  const seen = useRef<Result | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || seen.current === fetcher.data) return;
    seen.current = fetcher.data;
    if (fetcher.data.ok) onSuccess();
  }, [fetcher.state, fetcher.data, onSuccess]);
}
