import { ExternalLink, LogOut, UserRound } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import { type AdminNavItem, isActiveNav } from "./admin-nav";

/*
 * The parts of the back office's shell shared by the desktop sidebar and the mobile menu.
 * `collapsible`: inside the desktop sidebar, whose collapsed state (data-collapsed on the
 * shell, group "shell") shrinks them to their icons.
 */

/** Mon compte: every volunteer's password, second factor and sessions. */
export const ACCOUNT_PATH = "/admin/settings/account";

export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal";

/** The look of the links under the menu: "Voir le site" and "Se déconnecter". */
const footerAction = cn(
  "flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm font-semibold text-gray-200 hover:bg-white/10 hover:text-white",
  focusRing,
);

/** The screens the volunteer may open, the current one marked, Messages with its unread count. */
export function NavLinks({
  items,
  unreadMessages,
  collapsible = false,
}: {
  items: readonly AdminNavItem[];
  unreadMessages: number;
  collapsible?: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <ul className="flex flex-col gap-1">
      {items.map(({ label, to, icon: Icon }) => {
        const active = isActiveNav(to, pathname);
        return (
          <li key={to}>
            <Link
              to={to}
              aria-current={active ? "page" : undefined}
              title={collapsible ? label : undefined}
              className={cn(
                "flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm font-semibold transition-colors",
                focusRing,
                active ? "bg-teal text-ink" : "text-gray-200 hover:bg-white/10 hover:text-white",
                collapsible &&
                  "group-data-[collapsed=true]/shell:justify-center group-data-[collapsed=true]/shell:px-0",
              )}
            >
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              <span
                className={cn(
                  "truncate",
                  collapsible && "group-data-[collapsed=true]/shell:sr-only",
                )}
              >
                {label}
              </span>
              {to === "/admin/messages" && unreadMessages > 0 ? (
                <span
                  className={cn(
                    "ml-auto rounded-full bg-gold px-2 text-xs font-bold text-ink",
                    collapsible && "group-data-[collapsed=true]/shell:sr-only",
                  )}
                >
                  {unreadMessages}
                  <span className="sr-only"> non lu{unreadMessages > 1 ? "s" : ""}</span>
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Who is signed in (a link to Mon compte), the public site in a new tab, and signing out. */
export function AccountLinks({
  username,
  collapsible = false,
}: {
  username: string;
  collapsible?: boolean;
}) {
  const { pathname } = useLocation();
  const hideWhenCollapsed = collapsible && "group-data-[collapsed=true]/shell:sr-only";
  const centerWhenCollapsed =
    collapsible &&
    "group-data-[collapsed=true]/shell:justify-center group-data-[collapsed=true]/shell:px-0";
  return (
    <div className="flex flex-col gap-1 border-t border-white/15 pt-3">
      <Link
        to={ACCOUNT_PATH}
        aria-current={isActiveNav(ACCOUNT_PATH, pathname) ? "page" : undefined}
        title={collapsible ? `Mon compte (${username})` : undefined}
        className={cn(
          footerAction,
          isActiveNav(ACCOUNT_PATH, pathname) && "bg-teal text-ink hover:bg-teal hover:text-ink",
          centerWhenCollapsed,
        )}
      >
        <UserRound aria-hidden="true" className="size-5 shrink-0" />
        <span className={cn("truncate", hideWhenCollapsed)}>
          Mon compte <span className="font-normal">({username})</span>
        </span>
      </Link>
      <a
        href="/"
        target="_blank"
        rel="noreferrer"
        title={collapsible ? "Voir le site (nouvel onglet)" : undefined}
        className={cn(footerAction, centerWhenCollapsed)}
      >
        <ExternalLink aria-hidden="true" className="size-5 shrink-0" />
        <span className={cn("truncate", hideWhenCollapsed)}>
          Voir le site<span className="sr-only"> (nouvel onglet)</span>
        </span>
      </a>
      <Form method="post" action="/admin/logout">
        <button
          type="submit"
          title={collapsible ? "Se déconnecter" : undefined}
          className={cn(footerAction, "w-full text-left", centerWhenCollapsed)}
        >
          <LogOut aria-hidden="true" className="size-5 shrink-0" />
          <span className={cn("truncate", hideWhenCollapsed)}>Se déconnecter</span>
        </button>
      </Form>
    </div>
  );
}

export function Brand({
  siteName,
  collapsible = false,
}: {
  siteName?: string;
  collapsible?: boolean;
}) {
  return (
    <Link
      to="/admin/dashboard"
      title={collapsible ? "Administration" : undefined}
      className={cn("flex min-w-0 items-center gap-3 rounded-md", focusRing)}
    >
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-md bg-teal font-display text-lg text-ink"
      >
        B
      </span>
      <span
        className={cn(
          "flex min-w-0 flex-col leading-tight",
          collapsible && "group-data-[collapsed=true]/shell:sr-only",
        )}
      >
        <span className="font-display text-lg text-white">Administration</span>
        {siteName && <span className="truncate text-xs text-gray-300">{siteName}</span>}
      </span>
    </Link>
  );
}
