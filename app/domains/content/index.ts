// What other domains may use of this domain (docs/decisions/027-domain-shape.md).
export { blockTitle, fieldLabel } from "./content-labels";
export { validateContentChanges } from "./content-schema";
export {
  ACTIVITY_CATEGORIES,
  type ActivityCategory,
  ADMIN_GRID,
  DEFAULT_ACTIVITY_COLOR,
  LOGIN_DELAY_MS,
  SETTINGS_DEFAULTS,
  TIMETABLE_COLUMN_MIN_HEIGHT_PX,
} from "./defaults";
export { DISCIPLINE_COLOR_FIELDS, DisciplineSchema } from "./discipline-schema";
export { TrainingFormatSchema } from "./format-schema";
export { MenuSchema } from "./menu-schema";
export { PAGE_FIELDS, SitePageSchema } from "./page-schema";
export { POST_FIELDS, PostSchema } from "./post-schema";
export { PriceListSchema } from "./price-schema";
export { RECORD_TEXT_COLUMNS } from "./record-texts";
export {
  EDITABLE_CATEGORIES,
  type EditableCategory,
  validateSettingsChanges,
} from "./settings-schema";
