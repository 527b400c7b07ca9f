import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

/*
 * Radix Dialog (focus trapped, Escape closes, focus given back to the trigger), styled:
 * a full-screen sheet under 768 px, a centred panel above.
 *
 *   <Dialog open={open} onOpenChange={setOpen}>
 *     <DialogContent title="Nouvelle activité" description="…">…<DialogFooter>…</DialogFooter></DialogContent>
 *   </Dialog>
 */

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export type DialogContentProps = Omit<ComponentProps<typeof DialogPrimitive.Content>, "title"> & {
  title: ReactNode;
  /** Read out with the title; omit it only when the content explains itself. */
  description?: ReactNode;
  /** Panel width from 768 px up. */
  size?: "sm" | "md" | "lg" | "xl";
  /** Hides the × button (a confirmation has its own Annuler). */
  hideClose?: boolean;
};

const SIZES = { sm: "md:max-w-md", md: "md:max-w-lg", lg: "md:max-w-2xl", xl: "md:max-w-4xl" };

export function DialogContent({
  title,
  description,
  size = "md",
  hideClose,
  className,
  children,
  onInteractOutside,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/60" />
      <DialogPrimitive.Content
        // Without a description Radix warns unless aria-describedby is explicitly undefined.
        {...(description ? {} : { "aria-describedby": undefined })}
        className={cn(
          "fixed inset-0 z-50 flex flex-col bg-white shadow-xl outline-none",
          "md:inset-auto md:top-1/2 md:left-1/2 md:max-h-[90vh] md:w-[calc(100%-2rem)] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-lg",
          SIZES[size],
          className,
        )}
        onInteractOutside={(event) => {
          onInteractOutside?.(event);
          // A toast is outside the dialog: closing it must not close the dialog too (and
          // lose what was typed). The toasts take clicks: admin.css.
          if (event.target instanceof Element && event.target.closest("[data-sonner-toaster]")) {
            event.preventDefault();
          }
        }}
        {...props}
      >
        <div className="flex items-start gap-3 border-b border-gray-200 px-5 py-4">
          <div className="min-w-0 flex-1">
            <DialogPrimitive.Title className="text-lg font-bold text-ink">
              {title}
            </DialogPrimitive.Title>
            {description && (
              <DialogPrimitive.Description className="mt-1 text-sm text-gray-600">
                {description}
              </DialogPrimitive.Description>
            )}
          </div>
          {!hideClose && (
            <DialogPrimitive.Close
              aria-label="Fermer"
              className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-dark"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          )}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * Buttons at the bottom of a dialog (inside DialogContent's children), kept in view while
 * the body scrolls.
 * NOTE: a sticky box's offsets count from the scroller's content edge, inside its padding:
 * with `bottom-0` the body's `py-4` left a 1 rem strip under the footer through which the
 * scrolled fields showed. `-bottom-4` (minus that padding) pins it to the very bottom.
 */
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "sticky -bottom-4 z-10 -mx-5 -mb-4 mt-4 flex flex-col-reverse gap-2 border-t border-gray-200 bg-white px-5 py-3 sm:flex-row sm:justify-end",
        className,
      )}
      {...props}
    />
  );
}
