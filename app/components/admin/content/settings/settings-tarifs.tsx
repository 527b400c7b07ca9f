import { FileText } from "lucide-react";
import { UploadField } from "~/components/admin/forms/upload-field";
import { RemoveButton } from "~/components/ui/remove-button";
import { useConfirmAction } from "~/components/ui/confirm-dialog";
import { SettingsCard, type SectionProps } from "./settings-sections";

/** The file name of an upload URL, without its time prefix ("1732…-tarifs.pdf" → "tarifs.pdf"). */
export function fileNameFromUrl(url: string): string {
  const last = url.split(/[?#]/)[0]!.split("/").pop() ?? "";
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // Keep it as it is.
  }
  return name.replace(/^\d{10,}-/, "") || "tarifs.pdf";
}

/** The price list PDF that the Tarifs page opens (settings tarifs_pdf). */
export function TarifsPdfSettings({ values, error, onChange }: SectionProps<"tarifs_pdf">) {
  const confirm = useConfirmAction();
  const hasFile = values.url.trim() !== "";

  async function remove() {
    const ok = await confirm({
      title: "Retirer le PDF des tarifs ?",
      description:
        "Après la sauvegarde, la page Tarifs proposera la liste imprimable à la place du PDF.",
      confirmLabel: "Retirer",
    });
    if (ok) onChange({ url: "", filename: "" });
  }

  return (
    <SettingsCard
      title="PDF Tarifs"
      description="La liste des tarifs au format PDF, ouverte par le bouton de la page Tarifs."
    >
      <div className="flex flex-col gap-2 rounded-md border border-gray-200 bg-gray-50 p-3 sm:flex-row sm:items-center">
        <FileText aria-hidden="true" className="size-6 shrink-0 text-teal-dark" />
        {hasFile ? (
          <>
            <p className="min-w-0 flex-1 text-sm text-ink">
              Fichier actuel :{" "}
              <a
                href={values.url}
                target="_blank"
                rel="noreferrer"
                className="font-semibold break-all text-teal-dark underline"
              >
                {values.filename || fileNameFromUrl(values.url)}
                <span className="sr-only"> (nouvel onglet)</span>
              </a>
            </p>
            <RemoveButton className="self-start sm:self-auto" onClick={remove}>
              Retirer le PDF
            </RemoveButton>
          </>
        ) : (
          <p className="text-sm text-gray-700">
            Aucun PDF : la page Tarifs propose la liste imprimable.
          </p>
        )}
      </div>
      <UploadField
        kind="pdf"
        bucket="site-documents"
        subpath="tarifs"
        label={hasFile ? "Remplacer le PDF des tarifs" : "Envoyer le PDF des tarifs"}
        description="Un fichier PDF. Il remplace le fichier actuel une fois les paramètres sauvegardés."
        error={error("url")}
        onUploaded={(file) => onChange({ url: file.url, filename: fileNameFromUrl(file.url) })}
      />
    </SettingsCard>
  );
}
