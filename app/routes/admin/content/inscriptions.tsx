import { TRASH_NOTICE } from "~/domains/history/trash";
import { useFetcher } from "react-router";
import {
  InscriptionCard,
  type DraftForm,
} from "~/components/admin/content/inscriptions/inscription-card";
import {
  INSCRIPTION_MESSAGES,
  InscriptionListSchema,
} from "~/components/admin/content/inscriptions/inscription-schema";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import {
  ListDraftPage,
  useListSave,
  type ListSaveAnswer,
} from "~/components/admin/forms/list-draft-editor";
import {
  foldSavedList,
  useListDraft,
  type FoldAnswer,
} from "~/components/admin/forms/use-list-draft";
import { useConfirm } from "~/components/ui/confirm-dialog";
import {
  getInscriptionFormsForAdmin,
  type AdminInscriptionForm,
} from "~/domains/content/inscription.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import { adminMeta, loadOrExplain } from "~/utils/admin-route";
import type { Route } from "./+types/inscriptions";
import { inscriptionsAction } from "./inscriptions.server";

export const meta: Route.MetaFunction = () => adminMeta("Inscriptions");

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "registrations");
  return loadOrExplain(
    getInscriptionFormsForAdmin,
    { forms: [] as AdminInscriptionForm[], version: "" },
    INSCRIPTION_MESSAGES.loadFailed,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return inscriptionsAction(request, context);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

type Result = ListSaveAnswer & { removedUrl?: string };

const toDrafts = (forms: AdminInscriptionForm[]): DraftForm[] =>
  forms.map((form) => ({
    key: `f${form.id}`,
    id: form.id,
    title: form.title,
    description: form.description,
    file_url: form.file_url,
    storage_path: form.storage_path,
    is_active: form.is_active,
  }));

/** What is saved of a form (its key aside: the list is replaced whole; the id tells which went). */
const values = (forms: DraftForm[]) =>
  forms.map(({ id, title, description, file_url, storage_path, is_active }) => ({
    id,
    title,
    description,
    file_url,
    storage_path,
    is_active,
  }));

/** A file removed at once: the saved list and the draft both let go of it. */
const foldRemovedFile: FoldAnswer<Result, DraftForm> = (answer, list) => {
  const { version, removedUrl } = answer ?? {};
  if (version === undefined || !removedUrl) return null;
  const detach = (forms: DraftForm[]) =>
    forms.map((form) =>
      form.file_url === removedUrl ? { ...form, file_url: null, storage_path: null } : form,
    );
  return { saved: detach(list.saved), version, draft: detach(list.draft) };
};

export default function Inscriptions({ loaderData }: Route.ComponentProps) {
  const saveFetcher = useFetcher<Result>();
  const fileFetcher = useFetcher<Result>();
  useActionToast(saveFetcher.data);
  useActionToast(fileFetcher.data);
  const [confirm, confirmDialog] = useConfirm();
  const list = useListDraft({
    rows: loaderData.forms,
    version: loaderData.version,
    toDrafts,
    values,
    answers: [
      { data: saveFetcher.data, fold: foldSavedList },
      { data: fileFetcher.data, fold: foldRemovedFile },
    ],
  });
  const { errors, save, saving } = useListSave({
    fetcher: saveFetcher,
    list,
    field: "forms",
    values,
    schema: InscriptionListSchema,
    invalidMessage: INSCRIPTION_MESSAGES.invalid,
  });

  async function removeFile(form: DraftForm) {
    if (!form.file_url) return;
    const confirmed = await confirm({
      title: "Supprimer le fichier ?",
      description: "Le fichier PDF est effacé tout de suite ; le formulaire reste.",
    });
    if (!confirmed) return;
    // The saved file of a saved form is detached from it at once; a file uploaded since the
    // list was loaded is only dropped.
    const saved = list.saved.find((other) => other.id !== null && other.id === form.id);
    const fields: Record<string, string> = {
      intent: "remove-file",
      url: form.file_url,
      version: list.version,
    };
    if (saved && saved.file_url === form.file_url) fields.id = String(form.id);
    fileFetcher.submit(fields, { method: "post" });
  }

  const removingUrl =
    fileFetcher.state !== "idle" ? (fileFetcher.formData?.get("url") as string | null) : null;

  return (
    <ListDraftPage
      title="Inscriptions"
      description="Les formulaires d'inscription à télécharger sur la page Inscription, dans cet ordre. Seuls les formulaires actifs y apparaissent."
      loadError={loaderData.loadError}
      list={list}
      field="forms"
      errors={errors}
      empty="Aucun formulaire. Ajoutez-en un : il sera proposé au téléchargement une fois actif et muni de son fichier PDF."
      card={(form, entry) => (
        <InscriptionCard
          form={form}
          {...entry}
          onRemoveFile={() => removeFile(form)}
          removingFile={removingUrl !== null && removingUrl === form.file_url}
        />
      )}
      removal={{
        name: (form) => form.title.trim() || "ce formulaire",
        description: `Il disparaîtra de la page Inscription une fois la liste sauvegardée. ${TRASH_NOTICE}`,
      }}
      addLabel="Ajouter un formulaire"
      blank={() => ({
        id: null,
        title: "",
        description: "",
        file_url: null,
        storage_path: null,
        is_active: true,
      })}
      onSave={save}
      saving={saving}
    >
      {confirmDialog}
    </ListDraftPage>
  );
}
