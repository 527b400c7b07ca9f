import { useEffect, useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { SaveButton } from "~/components/admin/forms/buttons";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import {
  EDITABLE_CATEGORIES,
  validateSettingsChanges,
  type EditableCategory,
  type EditableSettings,
  type SettingsErrors,
} from "~/domains/content/settings-schema";
import {
  AddressSettings,
  GeneralSettings,
  HoursSettings,
  ScheduleDisplaySettings,
  type SectionProps,
} from "~/components/admin/content/settings/settings-sections";
import { LegalSettings } from "~/components/admin/content/settings/settings-legal";
import { SiteAddressSettings } from "~/components/admin/content/settings/settings-site-address";
import { AccountSettingsLink } from "~/components/admin/content/settings/settings-account-link";
import { useCan } from "~/components/admin/shell/use-can";
import {
  SocialIconsSettings,
  SocialLinksSettings,
} from "~/components/admin/content/settings/settings-social";
import { TarifsPdfSettings } from "~/components/admin/content/settings/settings-tarifs";
import { SaveBar } from "~/components/admin/content/content-save-bar";
import { useSaveAnswer } from "~/components/admin/forms/use-save-answer";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { SETTINGS_LABELS } from "~/domains/history/activity";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { keepInputOnNetworkFailure } from "~/utils/network-failure";
import { adminMeta, revalidateUnlessTabChange } from "~/utils/admin-route";
import type { Route } from "./+types/settings";
import { settingsAction, settingsLoader } from "./settings.server";

export const meta: Route.MetaFunction = () => adminMeta("Paramètres");

export async function loader(args: Route.LoaderArgs) {
  return settingsLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return settingsAction(args);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);

export const shouldRevalidate = revalidateUnlessTabChange;

const TABS: { id: string; label: string; categories: EditableCategory[] }[] = [
  { id: "general", label: SETTINGS_LABELS.general!, categories: ["general"] },
  { id: "adresse", label: SETTINGS_LABELS.address!, categories: ["address"] },
  { id: "horaires", label: SETTINGS_LABELS.hours!, categories: ["hours"] },
  { id: "reseaux", label: SETTINGS_LABELS.social!, categories: ["social"] },
  { id: "tarifs", label: SETTINGS_LABELS.tarifs_pdf!, categories: ["tarifs_pdf"] },
  { id: "planning", label: SETTINGS_LABELS.schedule_display!, categories: ["schedule_display"] },
  // Spec §2's last tab: it leads to Mon compte, every volunteer's own screen.
  { id: "compte", label: "Compte", categories: [] },
  { id: "legal", label: SETTINGS_LABELS.legal!, categories: ["legal"] },
];
const tabOf = (category: string) =>
  TABS.find((t) => t.categories.includes(category as EditableCategory))?.id;

type Draft = { [C in EditableCategory]?: { values: EditableSettings[C]; loadedAt: string | null } };
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export default function SettingsScreen({ loaderData }: Route.ComponentProps) {
  const { categories, icons, siteAddress } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const iconFetcher = useFetcher<typeof action>();
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = searchParams.get("tab");
  // The legal information is the admin's (the save refuses it to anyone else).
  const legal = useCan("admin");
  const tabs = legal ? TABS : TABS.filter((t) => t.id !== "legal");
  const tab = tabs.some((t) => t.id === wanted) ? wanted! : "general";
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [submitted, setSubmitted] = useState<Draft | null>(null);
  const changed = EDITABLE_CATEGORIES.filter((c) => draft[c] !== undefined);
  const dirty = changed.length > 0;
  const saving = fetcher.state !== "idle";

  useActionToast(iconFetcher.data);

  const setTab = (id: string) =>
    setSearchParams({ tab: id }, { replace: true, preventScrollReset: true });
  function showErrors(next: SettingsErrors) {
    setErrors(next);
    const first = tabOf(Object.keys(next)[0]?.split(".")[0] ?? "");
    if (first) setTab(first);
  }

  // Once the answer is in (and the data reloaded): the messages, and saved categories
  // leave the draft unless edited again meanwhile.
  const { handled, leaveDialog } = useSaveAnswer(fetcher, dirty, (data) => {
    setSubmitted(null);
    setErrors(data.errors);
    const saved = data.saved;
    if (saved && submitted) {
      setDraft((current) => {
        const next: Draft = { ...current };
        for (const category of saved) {
          if (same(next[category]?.values, submitted[category]?.values)) delete next[category];
        }
        return next;
      });
    }
  });
  // The tab of the first invalid field comes to the front.
  useEffect(() => {
    const first = handled ? tabOf(Object.keys(handled.errors)[0]?.split(".")[0] ?? "") : undefined;
    if (first) setSearchParams({ tab: first }, { replace: true, preventScrollReset: true });
  }, [handled, setSearchParams]);

  function section<C extends EditableCategory>(category: C): SectionProps<C> {
    const loaded = categories[category] as {
      values: EditableSettings[C];
      updatedAt: string | null;
    };
    const own = draft[category] as
      { values: EditableSettings[C]; loadedAt: string | null } | undefined;
    return {
      values: own?.values ?? loaded.values,
      error: (field) => errors[`${category}.${field}`],
      onChange: (values) => {
        setDraft((current) => {
          const next = { ...current } as Draft;
          if (same(values, loaded.values)) delete next[category];
          else
            (next as Record<string, unknown>)[category] = {
              values,
              loadedAt: current[category]?.loadedAt ?? loaded.updatedAt,
            };
          return next;
        });
        setErrors((current) => {
          const prefix = `${category}.`;
          if (!Object.keys(current).some((key) => key.startsWith(prefix))) return current;
          const own = { ...current };
          for (const key of Object.keys(own)) if (key.startsWith(prefix)) delete own[key];
          const recheck = validateSettingsChanges([{ category, settings: values, loadedAt: null }]);
          return recheck.success ? own : { ...own, ...recheck.errors };
        });
      },
    };
  }

  function save() {
    const changes = changed.map((category) => ({
      category,
      settings: draft[category]!.values,
      loadedAt: draft[category]!.loadedAt,
    }));
    const valid = validateSettingsChanges(changes);
    if (!valid.success) return showErrors(valid.errors);
    setSubmitted(draft);
    fetcher.submit({ intent: "save", changes: JSON.stringify(changes) }, { method: "post" });
  }

  return (
    <>
      <AdminPageHeader
        title="Paramètres"
        description="Les coordonnées du club, ses horaires, ses réseaux sociaux et l'affichage du planning."
        actions={
          legal ? (
            <Link to="/admin/settings/paiement" className="font-semibold text-teal-dark underline">
              Paiement en ligne
            </Link>
          ) : null
        }
      />
      <SaveBar dirty={dirty}>
        {tabs
          .find((one) => one.id === tab)
          ?.categories.map((category) => (
            <HistoryPanel
              key={category}
              type="settings"
              id={category}
              label={`Historique : ${SETTINGS_LABELS[category] ?? category}`}
            />
          ))}
        <SaveButton
          onClick={save}
          dirty={dirty}
          saving={saving}
          label="Sauvegarder les paramètres"
        />
      </SaveBar>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Catégories de paramètres">
          {tabs.map(({ id, label, categories: own }) => (
            <TabsTrigger key={id} value={id}>
              {label}
              {own.some((c) => draft[c]) && (
                <span className="size-2 rounded-full bg-amber-500">
                  <span className="sr-only"> (modifié)</span>
                </span>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="general" className="flex flex-col gap-6">
          <GeneralSettings {...section("general")} />
          {siteAddress ? <SiteAddressSettings address={siteAddress} /> : null}
        </TabsContent>
        <TabsContent value="adresse">
          <AddressSettings {...section("address")} />
        </TabsContent>
        <TabsContent value="horaires">
          <HoursSettings {...section("hours")} />
        </TabsContent>
        <TabsContent value="reseaux" className="flex flex-col gap-6">
          <SocialLinksSettings {...section("social")} />
          <SocialIconsSettings
            icons={icons}
            busy={iconFetcher.state !== "idle"}
            onUploaded={(network, url) =>
              iconFetcher.submit({ intent: "social-icon", network, url }, { method: "post" })
            }
            onRemove={(network) =>
              iconFetcher.submit({ intent: "social-icon-remove", network }, { method: "post" })
            }
          />
        </TabsContent>
        <TabsContent value="tarifs">
          <TarifsPdfSettings {...section("tarifs_pdf")} />
        </TabsContent>
        <TabsContent value="planning">
          <ScheduleDisplaySettings {...section("schedule_display")} />
        </TabsContent>
        {legal ? (
          <TabsContent value="legal">
            <LegalSettings {...section("legal")} />
          </TabsContent>
        ) : null}
        <TabsContent value="compte">
          <AccountSettingsLink />
        </TabsContent>
      </Tabs>
      {leaveDialog}
    </>
  );
}
