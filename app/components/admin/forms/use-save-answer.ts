import { useState } from "react";
import type { Toast } from "~/utils/toast";
import { useUnsavedChangesGuard } from "./unsaved-changes";
import { useActionToast } from "./use-action-toast";

/**
 * The answer side of a screen whose edits wait in a draft until one save posts them all
 * (content, menu, settings): the answer's toast, the guard against leaving with unsaved
 * edits, and `onAnswer` run once for each new answer, once the fetcher is idle again (the
 * page data reloaded), during the render, so the draft and its messages change with the
 * new data.
 * Returns the last answer handled and the guard's dialog, to render.
 */
export function useSaveAnswer<Answer extends { toast?: Toast }>(
  fetcher: { state: string; data?: Answer },
  dirty: boolean,
  onAnswer: (answer: Answer) => void,
) {
  useActionToast(fetcher.data);
  const leaveDialog = useUnsavedChangesGuard(dirty);
  const [handled, setHandled] = useState<Answer | undefined>(undefined);
  if (fetcher.state === "idle" && fetcher.data && fetcher.data !== handled) {
    setHandled(fetcher.data);
    onAnswer(fetcher.data);
  }
  return { handled, leaveDialog };
}
