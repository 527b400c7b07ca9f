import { Link } from "react-router";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ContentObjectFields, type FieldPath } from "./content-fields";
import { blockNote } from "~/domains/content/content-labels";
import { blockDefaults, blockTitle, type BlockErrors } from "~/domains/content/content-schema";

/** One block (category/section) of the content editor: a card with its fields. */
export function ContentBlockCard({
  category,
  section,
  value,
  dirty,
  errors,
  onChange,
}: {
  category: string;
  section: string;
  value: Record<string, unknown>;
  dirty: boolean;
  errors: BlockErrors;
  onChange: (path: FieldPath, value: unknown) => void;
  tabLabel: string;
}) {
  const template = blockDefaults(category, section);
  if (!template) return null;
  const title = blockTitle(category, section);
  const blockError = errors[""];
  const note = blockNote(category, section);
  return (
    <Card>
      <section aria-label={title}>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>{title}</CardTitle>
          <div className="flex flex-wrap items-center gap-2">
            {dirty && <Badge tone="warning">Modifié</Badge>}
            <HistoryPanel type="content" id={`${category}/${section}`} />
          </div>
        </CardHeader>
        <CardContent>
          {blockError && <p className="mb-3 text-sm font-medium text-red-700">{blockError}</p>}
          {note && (
            <p className="mb-3 text-sm text-gray-700">
              {note.text}{" "}
              <Link to={note.to} className="font-semibold text-teal-dark underline">
                {note.linkText}
              </Link>
              .
            </p>
          )}
          <ContentObjectFields
            path={[]}
            value={value}
            template={template}
            errors={errors}
            onChange={onChange}
          />
        </CardContent>
      </section>
    </Card>
  );
}
