import type { RequestContext } from "~/utils/load-context";
import {
  FORMAT_MESSAGES,
  TrainingFormatSchema,
  formatFromForm,
} from "~/domains/content/format-schema";
import {
  createTrainingFormat,
  deleteTrainingFormat,
  getTrainingFormat,
  moveTrainingFormat,
  updateTrainingFormat,
} from "~/domains/content/training-format.server";
import { handleOrderedEditorAction } from "./ordered-editor.server";

export function trainingAction(request: Request, context?: RequestContext) {
  return handleOrderedEditorAction(
    request,
    {
      itemType: "format",
      messages: FORMAT_MESSAGES,
      bucket: "training-formats",
      schema: TrainingFormatSchema,
      fromForm: formatFromForm,
      get: getTrainingFormat,
      create: createTrainingFormat,
      move: moveTrainingFormat,
      remove: deleteTrainingFormat,
      update: updateTrainingFormat,
    },
    context,
  );
}
