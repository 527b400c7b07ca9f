import { CalendarRange } from "lucide-react";
import { Link, useActionData } from "react-router";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { SiteAddressRequired } from "~/components/admin/content/settings/site-address-required";
import { isSiteAddressSet } from "~/core/site-address.server";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { ListEmpty } from "~/components/admin/list/list-empty";
import { ListResults } from "~/components/admin/list/list-results";
import { SpreadRow } from "~/components/admin/list/spread-row";
import { MembershipTabs } from "~/components/admin/membership/membership-tabs";
import { SeasonFields } from "~/components/admin/membership/season-forms";
import { Badge } from "~/components/ui/badge";
import { formatFrenchDate as formatDay } from "~/core/date-format";
import { parisToday } from "~/core/club-time";
import type { SeasonInput } from "~/domains/membership/membership-season-form";
import { listSeasons, newSeasonDefaults } from "~/domains/membership/season-admin.server";
import { adminMeta } from "~/utils/admin-route";
import { requireCapability } from "~/domains/volunteers/auth.server";
import type { Route } from "./+types/membership-seasons";
import { seasonInput } from "~/domains/membership/membership-season-input";
import type { SeasonActionResult } from "./membership-seasons.server";
import { seasonsAction } from "./membership-seasons.server";
import { MembershipSection } from "~/components/admin/membership/membership-section";

/*
 * /admin/adhesions/saisons: the seasons, latest first, each with its dates,
 * whether registration is open today and its number of files; « Nouvelle saison » copies
 * the latest one a year later (tariffs and reductions with it).
 */

export const meta: Route.MetaFunction = () => adminMeta("Saisons et tarifs");

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "registrations");
  const today = parisToday();
  const [seasons, defaults, addressSet] = await Promise.all([
    listSeasons(today),
    newSeasonDefaults(today),
    isSiteAddressSet(),
  ]);
  return { seasons, defaults: seasonInput(defaults), addressSet };
}

export async function action({ request, context }: Route.ActionArgs) {
  return seasonsAction(request, context);
}

export default function MembershipSeasons({ loaderData }: Route.ComponentProps) {
  const { seasons, defaults, addressSet } = loaderData;
  const answer = useActionData<SeasonActionResult>();
  useActionToast(answer);
  const failed = answer?.form === "season" && answer.errors;
  return (
    <>
      <AdminPageHeader
        title="Saisons et tarifs"
        description="Chaque saison a ses dates d'inscription, ses tarifs et ses réductions. Une nouvelle saison reprend ceux de la dernière, un an plus tard."
      >
        <MembershipTabs />
        {addressSet ? null : (
          <SiteAddressRequired>
            Les inscriptions en ligne restent fermées aux familles pour l'instant.
          </SiteAddressRequired>
        )}
      </AdminPageHeader>
      <div className="flex flex-col gap-8">
        <ListResults
          page={1}
          pages={1}
          summary={`${seasons.length} saison${seasons.length > 1 ? "s" : ""}`}
          empty={
            seasons.length === 0 ? (
              <ListEmpty icon={CalendarRange}>
                Aucune saison : créez la première ci-dessous.
              </ListEmpty>
            ) : undefined
          }
        >
          <ul className="flex flex-col gap-3">
            {seasons.map((season) => (
              <SpreadRow key={season.id} className="card gap-2 p-4">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <Link
                      to={`/admin/adhesions/saisons/${season.id}`}
                      className="text-lg font-bold text-ink underline-offset-2 hover:underline"
                    >
                      {season.label}
                    </Link>
                    {season.openNow ? (
                      <Badge tone="success">Inscriptions ouvertes</Badge>
                    ) : (
                      <Badge tone="neutral">Inscriptions fermées</Badge>
                    )}
                  </p>
                  <p className="text-sm text-gray-700">
                    Saison du {formatDay(season.starts_on)} au {formatDay(season.ends_on)} ·
                    inscriptions du {formatDay(season.registration_opens_on)} au{" "}
                    {formatDay(season.registration_closes_on)}
                  </p>
                </div>
                <p className="shrink-0 text-sm font-semibold text-gray-800">
                  {season.files} dossier{season.files > 1 ? "s" : ""}
                </p>
              </SpreadRow>
            ))}
          </ul>
        </ListResults>
        <MembershipSection
          id="nouvelle-saison"
          title="Nouvelle saison"
          size="xl"
          className="card flex flex-col gap-4 p-4 sm:p-6"
        >
          <p className="text-gray-700">
            {seasons.length > 0
              ? `Proposée d'après ${seasons[0]!.label}, un an plus tard : ses tarifs (années de naissance décalées d'un an) et ses réductions seront copiés. Vous pourrez les modifier ensuite.`
              : "Les dates proposées sont celles d'une saison de septembre à juin."}
          </p>
          <SeasonFields
            input={failed ? (answer.input as SeasonInput) : defaults}
            errors={failed ? answer.errors! : {}}
            intent="create-season"
            submitLabel="Créer la saison"
          />
        </MembershipSection>
      </div>
    </>
  );
}
