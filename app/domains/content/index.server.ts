// What other domains may use of this domain (docs/decisions/027-domain-shape.md).
export { readStoredBlock, saveContentBlocks } from "./content.server";
export { getDiscipline, updateDiscipline } from "./discipline.server";
export { getMenuForEdit, saveMenu } from "./menu.server";
export { getPostForEdit, setPostPublished, updatePost } from "./post-admin.server";
export { countPrices, getPricesForEdit, replacePrices } from "./price.server";
export {
  type AllSettings,
  getAllSettings,
  getSettings,
  saveSettings,
  saveSettingsCategories,
} from "./settings.server";
export { getSitePage, updateSitePage } from "./site-page.server";
export { getTrainingFormat, updateTrainingFormat } from "./training-format.server";
