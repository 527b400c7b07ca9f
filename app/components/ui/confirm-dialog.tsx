import { AlertDialog } from "radix-ui";
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { Button, type ButtonVariant } from "./button";

export interface ConfirmOptions {
  title: ReactNode;
  description?: ReactNode;
  /** Default 'Supprimer'. */
  confirmLabel?: string;
  /** Default 'Annuler'. */
  cancelLabel?: string;
  /** Default "danger". */
  variant?: ButtonVariant;
}

export type ConfirmDialogProps = ConfirmOptions & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** The confirm button shows a spinner (e.g. while a fetcher deletes). */
  busy?: boolean;
};

/**
 * A confirmation (Radix AlertDialog: role="alertdialog", focus on 'Annuler', Escape
 * cancels). Used before every delete.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  onConfirm,
  title,
  description,
  confirmLabel = "Supprimer",
  cancelLabel = "Annuler",
  variant = "danger",
  busy,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <AlertDialog.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-ink">{title}</AlertDialog.Title>
          {description && (
            <AlertDialog.Description className="mt-2 text-sm text-gray-700">
              {description}
            </AlertDialog.Description>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <Button
              variant={variant}
              busy={busy}
              onClick={() => {
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

type Pending = ConfirmOptions & { resolve: (confirmed: boolean) => void };

/**
 * A confirmation as a promise:
 *
 *   const [confirm, confirmDialog] = useConfirm();
 *   async function remove() {
 *     if (!(await confirm({ title: "Supprimer cette discipline ?" }))) return;
 *     fetcher.submit(…);
 *   }
 *   return <>…{confirmDialog}</>;
 *
 * Within a <ConfirmProvider> (the admin layout mounts one), `useConfirm()` also works
 * without rendering anything: call `const confirm = useConfirmAction()`.
 */
export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        pendingRef.current?.resolve(false);
        const next = { ...options, resolve };
        pendingRef.current = next;
        setPending(next);
      }),
    [],
  );

  const settle = (confirmed: boolean) => {
    pendingRef.current?.resolve(confirmed);
    pendingRef.current = null;
    setPending(null);
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) settle(false);
      }}
      onConfirm={() => settle(true)}
      title={pending?.title ?? ""}
      description={pending?.description}
      confirmLabel={pending?.confirmLabel}
      cancelLabel={pending?.cancelLabel}
      variant={pending?.variant}
    />
  );
  return [confirm, dialog];
}

const ConfirmContext = createContext<((options: ConfirmOptions) => Promise<boolean>) | null>(null);

/** Mounts one confirmation dialog for the subtree (the admin layout does). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [confirm, dialog] = useConfirm();
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {dialog}
    </ConfirmContext.Provider>
  );
}

/** The provider's confirm function (throws outside a ConfirmProvider). */
export function useConfirmAction(): (options: ConfirmOptions) => Promise<boolean> {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirmAction outside a ConfirmProvider");
  return confirm;
}
