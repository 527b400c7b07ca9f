import { LogOut, Menu, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import type { AdminNavItem } from "./admin-nav";
import { AccountLinks, focusRing, NavLinks } from "./nav-links";

/** Under 768 px: a bar with the menu in a drawer, the title and signing out. */
export function MobileBar({
  siteName,
  username,
  nav,
  unreadMessages,
}: {
  siteName: string;
  username: string;
  nav: readonly AdminNavItem[];
  unreadMessages: number;
}) {
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  return (
    <header className="sticky top-0 z-40 flex items-center gap-3 bg-ink px-4 py-2 text-white md:hidden">
      <DialogPrimitive.Root open={open} onOpenChange={(next) => setOpenOn(next ? pathname : null)}>
        <DialogPrimitive.Trigger
          className={cn(
            "inline-flex min-h-10 items-center gap-2 rounded-md px-2 py-2 text-sm font-semibold hover:bg-white/10",
            focusRing,
          )}
        >
          <Menu aria-hidden="true" className="size-5" />
          Menu
        </DialogPrimitive.Trigger>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/60 transition-opacity duration-200 starting:opacity-0" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-ink px-3 py-4 text-white shadow-xl transition-transform duration-200 outline-none starting:-translate-x-full"
          >
            <div className="flex items-center justify-between gap-2">
              <DialogPrimitive.Title className="px-3 font-display text-lg">
                Menu d'administration
              </DialogPrimitive.Title>
              <DialogPrimitive.Close
                className={cn(
                  "inline-flex size-10 items-center justify-center rounded-md hover:bg-white/10",
                  focusRing,
                )}
              >
                <X aria-hidden="true" className="size-5" />
                <span className="sr-only">Fermer le menu</span>
              </DialogPrimitive.Close>
            </div>
            <nav aria-label="Administration" className="flex-1">
              <NavLinks items={nav} unreadMessages={unreadMessages} />
            </nav>
            <AccountLinks username={username} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <Link
        to="/admin/dashboard"
        className={cn("min-w-0 truncate rounded font-display text-lg", focusRing)}
      >
        Administration
        {siteName && <span className="sr-only"> · {siteName}</span>}
      </Link>
      {/* Here too, so that signing out works before (or without) JavaScript. */}
      <Form method="post" action="/admin/logout" className="ml-auto">
        <button
          type="submit"
          className={cn(
            "inline-flex size-10 items-center justify-center rounded-md hover:bg-white/10",
            focusRing,
          )}
        >
          <LogOut aria-hidden="true" className="size-5" />
          <span className="sr-only">Se déconnecter</span>
        </button>
      </Form>
    </header>
  );
}
