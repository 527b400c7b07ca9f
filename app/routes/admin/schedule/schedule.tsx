import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { NewTabButton } from "~/components/admin/forms/buttons";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { ScheduleActivities } from "~/components/admin/schedule/schedule-activities";
import { ScheduleChanges } from "~/components/admin/schedule/schedule-changes";
import { ScheduleDisplayForm } from "~/components/admin/schedule/schedule-display";
import { ScheduleGrid } from "~/components/admin/schedule/schedule-grid";
import { showToast } from "~/components/admin/forms/use-action-toast";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import { adminMeta } from "~/utils/admin-route";
import type { Route } from "./+types/schedule";

export { action, loader } from "./schedule.server";

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

export const meta: Route.MetaFunction = () => adminMeta("Planning");

const TABS = [
  { value: "activites", label: "Activités" },
  { value: "positionnement", label: "Positionnement Visuel" },
  { value: "affichage", label: "Affichage" },
  { value: "changements", label: "Changements" },
] as const;
type TabValue = (typeof TABS)[number]["value"];

function tabOf(value: string | null): TabValue {
  return TABS.find((tab) => tab.value === value)?.value ?? "activites";
}

export default function Schedule({ loaderData }: Route.ComponentProps) {
  const { activities, families, loadError, planningTitle, display, changes, season, today } =
    loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get("tab"));

  useEffect(() => {
    if (loadError) showToast({ type: "error", message: loadError });
  }, [loadError]);

  return (
    <>
      <AdminPageHeader
        title="Planning"
        description="Les activités de la semaine, leur place sur la grille, ce que montre le planning public et les changements datés (annulations, fermetures)."
        actions={<NewTabButton href="/planning">Voir le planning</NewTabButton>}
      />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams(
            (params) => {
              params.set("tab", value);
              return params;
            },
            { replace: true, preventScrollReset: true },
          )
        }
      >
        <TabsList aria-label="Sections du planning" className="self-start">
          {TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="activites" forceMount className="data-[state=inactive]:hidden">
          <ScheduleActivities
            activities={activities}
            changes={changes}
            families={families.byActivity}
            planningTitle={planningTitle}
          />
        </TabsContent>
        <TabsContent value="positionnement" forceMount className="data-[state=inactive]:hidden">
          <ScheduleGrid activities={activities} />
        </TabsContent>
        <TabsContent value="affichage" forceMount className="data-[state=inactive]:hidden">
          <ScheduleDisplayForm display={display} />
        </TabsContent>
        <TabsContent value="changements" forceMount className="data-[state=inactive]:hidden">
          <ScheduleChanges
            activities={activities}
            changes={changes}
            season={season}
            today={today}
            families={families.bySession}
          />
        </TabsContent>
      </Tabs>
    </>
  );
}
