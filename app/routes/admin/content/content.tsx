import { RefreshCw, Save } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher, useRevalidator, useSearchParams } from "react-router";
import { ContentBlockCard } from "~/components/admin/content/content-block-card";
import {
  blockKey,
  CONTENT_MESSAGES,
  CONTENT_TABS,
  tabOfCategory,
  type BlockErrors,
  type ContentTabId,
} from "~/domains/content/content-schema";
import { setIn, type FieldPath, pathKey } from "~/components/admin/content/content-fields";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { SaveBar } from "~/components/admin/content/content-save-bar";
import { showToast } from "~/components/admin/forms/use-action-toast";
import { useSaveAnswer } from "~/components/admin/forms/use-save-answer";
import { Button } from "~/components/ui/button";
import { useConfirmAction } from "~/components/ui/confirm-dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { getContentBlocksForEdit } from "~/domains/content/content.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { keepInputOnNetworkFailure } from "~/utils/network-failure";
import { adminMeta, revalidateUnlessTabChange } from "~/utils/admin-route";
import type { Route } from "./+types/content";
import { contentAction } from "./content.server";

export const meta: Route.MetaFunction = () => adminMeta("Contenu");

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "content");
  return { blocks: await getContentBlocksForEdit() };
}

export async function action(args: Route.ActionArgs) {
  return contentAction(args);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);

export const shouldRevalidate = revalidateUnlessTabChange;

/** A pending block: its edited content and the updated_at it was loaded with. */
type Pending = Record<string, { content: Record<string, unknown>; loadedAt: string | null }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export default function ContentEditor({ loaderData }: Route.ComponentProps) {
  const { blocks } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const revalidator = useRevalidator();
  const confirm = useConfirmAction();
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = searchParams.get("tab");
  const tab = CONTENT_TABS.some((t) => t.id === wanted) ? wanted! : CONTENT_TABS[0]!.id;
  const setTab = (id: string) =>
    setSearchParams({ tab: id }, { replace: true, preventScrollReset: true });
  const [pending, setPending] = useState<Pending>({});
  const [errors, setErrors] = useState<Record<string, BlockErrors>>({});
  const [submitted, setSubmitted] = useState<Pending | null>(null);
  const saving = fetcher.state !== "idle";
  const dirty = Object.keys(pending).length > 0;

  // Once the answer is in and the page data reloaded: saved blocks leave the pending set
  // (unless edited again meanwhile); invalid fields show their messages.
  const { handled, leaveDialog } = useSaveAnswer(fetcher, dirty, (data) => {
    setErrors(data.errors);
    setSubmitted(null);
    const saved = data.saved;
    if (saved && submitted) {
      setPending((current) => {
        const next = { ...current };
        for (const key of Object.keys(saved)) {
          const sent = submitted[key];
          if (next[key] && sent && same(next[key].content, sent.content)) delete next[key];
        }
        return next;
      });
    }
  });
  // The first invalid block's tab comes to the front.
  useEffect(() => {
    const first = handled ? Object.keys(handled.errors)[0] : undefined;
    if (first) {
      setSearchParams(
        { tab: tabOfCategory(first.split("/")[0]!) },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [handled, setSearchParams]);

  function change(category: string, section: string, path: FieldPath, value: unknown) {
    const key = blockKey(category, section);
    const block = blocks.find((b) => b.category === category && b.section === section);
    if (!block) return;
    setPending((current) => {
      const base = current[key]?.content ?? block.content;
      const content = setIn(base, path, value) as Record<string, unknown>;
      const next = { ...current };
      if (same(content, block.content)) delete next[key];
      else next[key] = { content, loadedAt: current[key]?.loadedAt ?? block.updatedAt };
      return next;
    });
    setErrors((current) => {
      const own = current[key];
      if (!own?.[pathKey(path)]) return current;
      const rest = { ...own };
      delete rest[pathKey(path)];
      return { ...current, [key]: rest };
    });
  }

  function save() {
    if (!dirty) {
      showToast({ type: "info", message: CONTENT_MESSAGES.nothing });
      return;
    }
    setSubmitted(pending);
    const changes = Object.entries(pending).map(([key, { content, loadedAt }]) => {
      const [category, section] = key.split("/") as [string, string];
      return { category, section, content, loadedAt };
    });
    fetcher.submit({ intent: "save", changes: JSON.stringify(changes) }, { method: "post" });
  }

  async function refresh() {
    if (
      dirty &&
      !(await confirm({
        title: "Abandonner les modifications ?",
        description: "Les modifications non sauvegardées seront perdues.",
        confirmLabel: "Abandonner et actualiser",
        cancelLabel: "Annuler",
      }))
    ) {
      return;
    }
    setPending({});
    setErrors({});
    await revalidator.revalidate();
  }

  return (
    <>
      <AdminPageHeader
        title="Contenu du site"
        description="Les textes et images des pages publiques. Les modifications s'accumulent et sont enregistrées ensemble."
      />
      <SaveBar dirty={dirty}>
        <Button
          variant="secondary"
          onClick={refresh}
          busy={revalidator.state === "loading"}
          disabled={saving}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          Actualiser
        </Button>
        <Button
          onClick={save}
          busy={saving}
          aria-disabled={!dirty || undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          {!saving && <Save aria-hidden="true" className="size-4" />}
          {saving ? "Sauvegarde..." : "Sauvegarder"}
        </Button>
      </SaveBar>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Pages du site">
          {CONTENT_TABS.map(({ id, label }) => {
            const edited = Object.keys(pending).some(
              (key) => tabOfCategory(key.split("/")[0]!) === id,
            );
            return (
              <TabsTrigger key={id} value={id}>
                {label}
                {edited && (
                  <span className="size-2 rounded-full bg-amber-500">
                    <span className="sr-only"> (modifié)</span>
                  </span>
                )}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {CONTENT_TABS.map(({ id, label }) => (
          <TabsContent key={id} value={id} className="flex flex-col gap-6">
            {blocks
              .filter((block) => tabOfCategory(block.category) === (id as ContentTabId))
              .map((block) => {
                const key = blockKey(block.category, block.section);
                return (
                  <ContentBlockCard
                    key={key}
                    category={block.category}
                    section={block.section}
                    value={pending[key]?.content ?? block.content}
                    dirty={Boolean(pending[key])}
                    errors={errors[key] ?? {}}
                    onChange={(path, value) => change(block.category, block.section, path, value)}
                    tabLabel={label}
                  />
                );
              })}
          </TabsContent>
        ))}
      </Tabs>
      {leaveDialog}
    </>
  );
}
