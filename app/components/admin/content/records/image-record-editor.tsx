import type { ReactNode } from "react";
import type { z } from "zod";
import type { StorageBucket } from "~/storage/buckets";
import { DeleteZone, ImageFields } from "./discipline-appearance";
import {
  EditorFrame,
  useRecordDraft,
  type ContentValues,
  type EditableRecord,
} from "./record-editor-frame";

type RecordDraft<R extends EditableRecord, V extends DraftValues> = ReturnType<
  typeof useRecordDraft<R, V>
>;
type DraftValues = Record<string, string | string[]> & ContentValues & { image: string };

/**
 * The editor of one record of an ordered list with an image (a discipline, a training
 * format): its draft, the frame, and an Apparence tab that opens with the image and closes
 * with the delete zone; `appearance` draws what lies between.
 */
export function ImageRecordEditor<R extends EditableRecord, V extends DraftValues>({
  record,
  toValues,
  schema,
  invalidMessage,
  kindLabel,
  historyType,
  previewHref,
  bucket,
  deleteLabel,
  screen,
  appearance,
}: {
  record: R;
  toValues: (record: R) => V;
  schema: z.ZodType;
  invalidMessage: string;
  kindLabel: string;
  historyType: "discipline" | "format";
  previewHref: string;
  bucket: StorageBucket;
  deleteLabel: string;
  /** The ordered screen around the editor (useOrderedScreen). */
  screen: { setDirty: (dirty: boolean) => void; deleting: boolean; remove(record: R): void };
  appearance: (editor: RecordDraft<R, V>) => ReactNode;
}) {
  const editor = useRecordDraft({ record, toValues, schema, invalidMessage });
  const { draft, update, errors } = editor;
  return (
    <EditorFrame
      kindLabel={kindLabel}
      historyType={historyType}
      previewHref={previewHref}
      editor={editor}
      onDirtyChange={screen.setDirty}
      appearance={
        <>
          <ImageFields
            bucket={bucket}
            value={draft.image}
            error={errors.image}
            onChange={(url) => update("image", url)}
          />
          {appearance(editor)}
          <DeleteZone
            label={deleteLabel}
            busy={screen.deleting}
            onDelete={() => screen.remove(record)}
          />
        </>
      }
    />
  );
}
