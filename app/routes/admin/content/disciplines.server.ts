import type { RequestContext } from "~/utils/load-context";
import {
  DISCIPLINE_MESSAGES,
  DisciplineSchema,
  disciplineFromForm,
} from "~/domains/content/discipline-schema";
import {
  createDiscipline,
  deleteDiscipline,
  getDiscipline,
  moveDiscipline,
  updateDiscipline,
} from "~/domains/content/discipline.server";
import { handleOrderedEditorAction } from "./ordered-editor.server";

export function disciplinesAction(request: Request, context?: RequestContext) {
  return handleOrderedEditorAction(
    request,
    {
      itemType: "discipline",
      messages: DISCIPLINE_MESSAGES,
      bucket: "disciplines",
      schema: DisciplineSchema,
      fromForm: disciplineFromForm,
      get: getDiscipline,
      create: createDiscipline,
      move: moveDiscipline,
      remove: deleteDiscipline,
      update: updateDiscipline,
    },
    context,
  );
}
