import { FileX } from "lucide-react";
import type { ListEntryProps } from "~/components/admin/forms/list-draft-editor";
import { ListItemCard } from "~/components/admin/forms/list-item-card";
import { UploadField } from "~/components/admin/forms/upload-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";

/* One registration form of the Inscriptions screen. */

export interface DraftForm {
  /** The React key: stable while the form is edited, even before it has an id. */
  key: string;
  /** The saved row's id; null for a form added since the list was loaded. */
  id: number | null;
  title: string;
  description: string;
  file_url: string | null;
  storage_path: string | null;
  is_active: boolean;
}

export function InscriptionCard({
  form,
  errors,
  onChange,
  onRemoveFile,
  removingFile,
  ...place
}: ListEntryProps<DraftForm> & {
  form: DraftForm;
  onRemoveFile: () => void;
  removingFile: boolean;
}) {
  const name = form.title.trim() || `Formulaire ${place.index + 1}`;
  return (
    <ListItemCard
      name={name}
      badges={
        form.is_active ? <Badge tone="success">Actif</Badge> : <Badge tone="neutral">Inactif</Badge>
      }
      removeLabel={`Supprimer le formulaire « ${name} »`}
      {...place}
      contentClassName="flex flex-col gap-4"
    >
      <Switch
        label="Actif"
        checked={form.is_active}
        onCheckedChange={(checked) => onChange({ is_active: checked })}
        description="Seuls les formulaires actifs sont proposés sur la page Inscription."
      />
      <Field label="Titre" required error={errors.title}>
        <Input value={form.title} onChange={(e) => onChange({ title: e.target.value })} />
      </Field>
      <Field label="Description" error={errors.description}>
        <Textarea
          rows={3}
          value={form.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </Field>
      <UploadField
        kind="pdf"
        bucket="site-documents"
        subpath="inscriptions"
        label="Fichier PDF"
        value={form.file_url ?? undefined}
        error={errors.file_url}
        description="Le formulaire à télécharger (PDF, 20 Mo au maximum)."
        onUploaded={(file) => onChange({ file_url: file.url, storage_path: file.storagePath })}
      />
      {form.file_url && (
        <div>
          <Button
            variant="secondary"
            size="sm"
            busy={removingFile}
            onClick={onRemoveFile}
            className="text-red-700"
          >
            {!removingFile && <FileX aria-hidden="true" className="size-4" />}
            Supprimer le fichier
          </Button>
        </div>
      )}
    </ListItemCard>
  );
}
