import { FormatIcon } from "~/components/site/format-icon";
import { FORMAT_ICONS, type FormatIcon as FormatIconName } from "~/domains/content/defaults";
import { ChoiceTiles } from "./discipline-appearance";
import { ICON_LABELS } from "~/domains/content/format-schema";

/** The three icons of a format (spec §9), each shown beside its name. */
export function FormatIconTiles({
  value,
  onChange,
  error,
}: {
  value: FormatIconName;
  onChange: (value: FormatIconName) => void;
  error?: string;
}) {
  return (
    <ChoiceTiles
      legend="Icône"
      name="icon_name"
      value={value}
      onChange={onChange}
      error={error}
      options={FORMAT_ICONS.map((icon) => ({
        value: icon,
        label: ICON_LABELS[icon],
        preview: (
          <span className="rounded-md bg-teal-light p-1.5 text-teal-dark">
            <FormatIcon name={icon} className="size-5" />
          </span>
        ),
      }))}
    />
  );
}
