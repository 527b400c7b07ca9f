import { recordTexts } from "~/domains/content/record-texts";
import { ToneTiles } from "~/components/admin/content/records/discipline-appearance";
import { ImageRecordEditor } from "~/components/admin/content/records/image-record-editor";
import { OrderedScreen, useOrderedScreen } from "~/components/admin/content/records/ordered-screen";
import { FormatIconTiles } from "~/components/admin/content/records/format-appearance";
import { FORMAT_MESSAGES, TrainingFormatSchema } from "~/domains/content/format-schema";
import { FormatIcon } from "~/components/site/format-icon";
import { getTrainingFormats, type TrainingFormat } from "~/domains/content/training-format.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { keepInputOnNetworkFailure } from "~/utils/network-failure";
import { adminMeta, loadOrExplain, revalidateAfterMoveOrDelete } from "~/utils/admin-route";
import type { Route } from "./+types/training";
import { trainingAction } from "./training.server";

export const meta: Route.MetaFunction = () => adminMeta("Formats d'entraînement");

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "content");
  return loadOrExplain(
    async () => ({ formats: await getTrainingFormats() }),
    { formats: [] as TrainingFormat[] },
    FORMAT_MESSAGES.loadFailed,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return trainingAction(request, context);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);

export const shouldRevalidate = revalidateAfterMoveOrDelete;

const toValues = (f: TrainingFormat) => ({
  ...recordTexts(f),
  icon_name: f.icon_name as string,
  color: f.color as string,
});

function FormatEditor({
  format,
  screen,
}: {
  format: TrainingFormat;
  screen: ReturnType<typeof useOrderedScreen<TrainingFormat>>;
}) {
  return (
    <ImageRecordEditor
      record={format}
      toValues={toValues}
      schema={TrainingFormatSchema}
      invalidMessage={FORMAT_MESSAGES.invalid}
      kindLabel="le format"
      historyType="format"
      previewHref={`/entrainements#format-${format.id}`}
      bucket="training-formats"
      deleteLabel="Supprimer le format"
      screen={screen}
      appearance={({ draft, update, errors }) => (
        <>
          <FormatIconTiles
            value={draft.icon_name as TrainingFormat["icon_name"]}
            error={errors.icon_name}
            onChange={(value) => update("icon_name", value)}
          />
          <ToneTiles
            legend="Couleur de fond (Clair, Sombre ou Or)"
            value={draft.color as TrainingFormat["color"]}
            error={errors.color}
            onChange={(value) => update("color", value)}
          />
        </>
      )}
    />
  );
}

export default function Training({ loaderData }: Route.ComponentProps) {
  const { formats, loadError } = loaderData;
  const screen = useOrderedScreen({ items: formats, messages: FORMAT_MESSAGES });
  return (
    <OrderedScreen
      title="Formats d'entraînement"
      description="Les formats présentés sur la page Entraînements et sur l'accueil, dans cet ordre."
      listTitle="Liste des formats"
      addLabel="Ajouter"
      loadError={loadError}
      screen={screen}
      items={formats.map((f) => ({
        id: f.id,
        title: f.title,
        subtitle: f.subtitle,
        icon: (
          <span className="shrink-0 rounded-md bg-teal-light p-1.5 text-teal-dark">
            <FormatIcon name={f.icon_name} className="size-4" />
          </span>
        ),
      }))}
      noneSelected={FORMAT_MESSAGES.noneSelected}
      editor={(selected) => <FormatEditor key={selected.id} format={selected} screen={screen} />}
    />
  );
}
