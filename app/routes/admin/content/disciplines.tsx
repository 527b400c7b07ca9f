import { recordTexts } from "~/domains/content/record-texts";
import {
  DisciplineColourFields,
  ToneTiles,
} from "~/components/admin/content/records/discipline-appearance";
import { ImageRecordEditor } from "~/components/admin/content/records/image-record-editor";
import { DISCIPLINE_MESSAGES, DisciplineSchema } from "~/domains/content/discipline-schema";
import { OrderedScreen, useOrderedScreen } from "~/components/admin/content/records/ordered-screen";
import { getDisciplines, type Discipline } from "~/domains/content/discipline.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { keepInputOnNetworkFailure } from "~/utils/network-failure";
import { adminMeta, loadOrExplain, revalidateAfterMoveOrDelete } from "~/utils/admin-route";
import type { Route } from "./+types/disciplines";
import { disciplinesAction } from "./disciplines.server";

export const meta: Route.MetaFunction = () => adminMeta("Disciplines");

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "content");
  return loadOrExplain(
    async () => ({ disciplines: await getDisciplines() }),
    { disciplines: [] as Discipline[] },
    DISCIPLINE_MESSAGES.loadFailed,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return disciplinesAction(request, context);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);

export const shouldRevalidate = revalidateAfterMoveOrDelete;

const toValues = (d: Discipline) => ({
  ...recordTexts(d),
  color: d.color as string,
  background_color: d.background_color,
  text_color: d.text_color,
  title_color: d.title_color,
  subtitle_color: d.subtitle_color,
});

function DisciplineEditor({
  discipline,
  screen,
}: {
  discipline: Discipline;
  screen: ReturnType<typeof useOrderedScreen<Discipline>>;
}) {
  return (
    <ImageRecordEditor
      record={discipline}
      toValues={toValues}
      schema={DisciplineSchema}
      invalidMessage={DISCIPLINE_MESSAGES.invalid}
      kindLabel="la discipline"
      historyType="discipline"
      previewHref={`/disciplines#${discipline.slug}`}
      bucket="disciplines"
      deleteLabel="Supprimer la discipline"
      screen={screen}
      appearance={({ draft, update, errors }) => (
        <>
          <ToneTiles
            legend="Fond (Clair, Sombre ou Or)"
            value={draft.color as Discipline["color"]}
            error={errors.color}
            onChange={(value) => update("color", value)}
          />
          <DisciplineColourFields
            values={draft}
            errors={errors}
            onChange={(name, value) => update(name, value)}
          />
        </>
      )}
    />
  );
}

export default function Disciplines({ loaderData }: Route.ComponentProps) {
  const { disciplines, loadError } = loaderData;
  const screen = useOrderedScreen({ items: disciplines, messages: DISCIPLINE_MESSAGES });
  return (
    <OrderedScreen
      title="Disciplines"
      description="Les disciplines présentées sur la page Disciplines et sur l'accueil, dans cet ordre."
      listTitle="Liste des disciplines"
      addLabel="Ajouter"
      loadError={loadError}
      screen={screen}
      items={disciplines.map((d) => ({ id: d.id, title: d.title, subtitle: d.subtitle }))}
      noneSelected={DISCIPLINE_MESSAGES.noneSelected}
      editor={(selected) => (
        <DisciplineEditor key={selected.id} discipline={selected} screen={screen} />
      )}
    />
  );
}
