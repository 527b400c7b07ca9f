import { TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog, useConfirm } from "~/components/ui/confirm-dialog";
import { cn } from "~/components/ui/cn";

export const UNSAVED_MESSAGE = "Vous avez des modifications non sauvegardées";

/**
 * The warning banner of a screen with pending edits. It stays in the DOM (empty) when
 * there is nothing pending, so that screen readers announce it when it fills.
 */
export function UnsavedBanner({ dirty, className }: { dirty: boolean; className?: string }) {
  return (
    <div role="status" className={className}>
      {dirty && (
        <p
          className={cn(
            "flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-2.5 text-sm font-semibold text-amber-900",
          )}
        >
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
          {UNSAVED_MESSAGE}
        </p>
      )}
    </div>
  );
}

/**
 * While `dirty`: the browser asks before leaving the page (reload, tab closed, another
 * site), and leaving the screen through the app asks 'Quitter sans sauvegarder ?'.
 * Render what it returns:
 *
 *   const leaveDialog = useUnsavedChangesGuard(dirty);
 *   return <>…{leaveDialog}</>;
 *
 * Submissions (fetchers, <Form> posts) and changes of search params only (tabs kept in
 * ?tab=) are never blocked.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      dirty && historyAction !== "REPLACE" && currentLocation.pathname !== nextLocation.pathname,
  );

  // A blocker left "blocked" after the edits were saved (or dropped) lets the move through.
  useEffect(() => {
    if (blocker.state === "blocked" && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      onConfirm={() => {
        if (blocker.state === "blocked") blocker.proceed();
      }}
      title="Quitter sans sauvegarder ?"
      description="Vos modifications non sauvegardées seront perdues."
      confirmLabel="Quitter"
      cancelLabel="Rester sur la page"
    />
  );
}

/**
 * A dialog holding a form: while it holds unsaved input (`dirty`), closing it (Escape, a
 * click on the backdrop, ×, Annuler) asks 'Quitter sans sauvegarder ?' first, and so does
 * leaving the page. A save closes it by calling `onClose` directly. Give the Dialog the
 * `onOpenChange` it returns, and render its `dialogs`.
 */
export function useDialogGuard({
  dirty,
  busy = false,
  onClose,
}: {
  dirty: boolean;
  /** While a save runs, the dialog stays open. */
  busy?: boolean;
  onClose: () => void;
}) {
  const [confirm, confirmDialog] = useConfirm();
  const leaveDialog = useUnsavedChangesGuard(dirty);
  async function requestClose() {
    if (busy) return;
    if (dirty) {
      const leave = await confirm({
        title: "Quitter sans sauvegarder ?",
        description: "Ce que vous avez saisi dans ce formulaire sera perdu.",
        confirmLabel: "Quitter",
        cancelLabel: "Continuer la saisie",
      });
      if (!leave) return;
    }
    onClose();
  }
  return {
    onOpenChange: (open: boolean) => {
      if (!open) void requestClose();
    },
    dialogs: (
      <>
        {confirmDialog}
        {leaveDialog}
      </>
    ),
  };
}
