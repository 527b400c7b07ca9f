import { fieldErrors, readForm } from "~/core/form";
import {
  INSCRIPTION_MESSAGES,
  InscriptionListSchema,
} from "~/components/admin/content/inscriptions/inscription-schema";
import { parseJson } from "~/core/json";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import {
  getInscriptionFormsForAdmin,
  removeInscriptionFile,
  replaceInscriptionForms,
} from "~/domains/content/inscription.server";
import { moveToTrash } from "~/domains/history/trash.server";
import { removeFileIfUnused } from "~/domains/content/upload-removal.server";
import { NotFoundError, STALE_SAVE_MESSAGE, StaleSaveError } from "~/utils/stale.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";

/*
 * The registration forms screen's POST. "save" replaces the whole list (spec §7) if it is
 * still the version loaded; "remove-file" detaches a saved form's PDF at once (or drops a
 * PDF uploaded but never saved) and deletes the stored file.
 */

const FILES = { bucket: "site-documents", subpath: "inscriptions" } as const;

const LIST_LABEL = "Formulaires d'inscription";

export async function inscriptionsAction(request: Request, context?: RequestContext) {
  const actor = actorOf(await requireCapability(request, "registrations"), getClientIp(context));
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const version = formData.get("version");
  const error = (message: string, status: number, extra: object = {}) =>
    toastResult({ type: "error", message }, extra, status);
  if (typeof version !== "string") return error(STALE_SAVE_MESSAGE, 409, { stale: true });

  if (intent === "remove-file") {
    const url = formData.get("url");
    const idText = formData.get("id");
    if (typeof url !== "string" || url === "")
      return error(INSCRIPTION_MESSAGES.fileRemoveFailed, 400);
    try {
      if (typeof idText === "string" && /^\d+$/.test(idText)) {
        const id = Number(idText);
        // The form's PDF detached: a change of that form, named by its title.
        const result = await withActivity(
          actor,
          (removed) => ({
            action: "save",
            itemType: "inscription",
            itemId: id,
            itemLabel: `${removed.title || LIST_LABEL} : PDF retiré`,
          }),
          async () => {
            const { forms } = await getInscriptionFormsForAdmin();
            const title = forms.find((form) => form.id === id)?.title ?? "";
            return { ...(await removeInscriptionFile({ id, loadedVersion: version })), title };
          },
        );
        await removeFileIfUnused({ url: result.fileUrl, ...FILES });
        return toastResult(
          { type: "success", message: INSCRIPTION_MESSAGES.fileRemoved },
          { version: result.version, removedUrl: url },
        );
      }
      // A file uploaded in this editor but never saved: nothing refers to it.
      await removeFileIfUnused({ url, ...FILES });
      return toastResult(
        { type: "success", message: INSCRIPTION_MESSAGES.fileRemoved },
        { version, removedUrl: url },
      );
    } catch (caught) {
      if (caught instanceof StaleSaveError) return error(STALE_SAVE_MESSAGE, 409, { stale: true });
      if (caught instanceof NotFoundError) return error(STALE_SAVE_MESSAGE, 409, { stale: true });
      console.error(caught);
      return error(INSCRIPTION_MESSAGES.fileRemoveFailed, 500);
    }
  }

  if (intent !== "save") return error("Action inconnue", 400);
  const raw = formData.get("forms");
  const parsed = InscriptionListSchema.safeParse({
    forms: parseJson<unknown>(typeof raw === "string" ? raw : null, null),
  });
  if (!parsed.success) {
    return error(INSCRIPTION_MESSAGES.invalid, 400, {
      errors: fieldErrors(parsed.error, { byPath: true }),
    });
  }
  try {
    const result = await withActivity(
      actor,
      { action: "save", itemType: "inscription", itemLabel: LIST_LABEL },
      async () => {
        // The saved forms left out of the list go to the Corbeille (ADR 022), in the save's
        // transaction: a stale list rolls them back with it. A form sent without its id
        // (an older page) keeps the saved one of the same title and file.
        const sent = parsed.data.forms;
        const { forms: previous } = await getInscriptionFormsForAdmin();
        for (const form of previous) {
          const kept = sent.some((other) =>
            other.id
              ? other.id === form.id
              : other.title === form.title && other.file_url === form.file_url,
          );
          if (!kept) await moveToTrash({ itemType: "inscription", id: form.id, actor });
        }
        return replaceInscriptionForms({ forms: parsed.data.forms, loadedVersion: version });
      },
    );
    for (const url of result.droppedFiles) await removeFileIfUnused({ url, ...FILES });
    return toastResult(
      { type: "success", message: INSCRIPTION_MESSAGES.saved },
      { version: result.version, savedCount: parsed.data.forms.length },
    );
  } catch (caught) {
    if (caught instanceof StaleSaveError) return error(STALE_SAVE_MESSAGE, 409, { stale: true });
    console.error(caught);
    return error(INSCRIPTION_MESSAGES.saveFailed, 500);
  }
}
