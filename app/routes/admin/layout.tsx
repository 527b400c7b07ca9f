import {
  ExternalLink,
  LogOut,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  UserRound,
  X,
} from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useEffect, useState, type CSSProperties } from "react";
import {
  Form,
  isRouteErrorResponse,
  Link,
  Outlet,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { Toaster } from "sonner";
import { ADMIN_NAV, isActiveNav } from "~/components/admin/admin-nav";
import { cn } from "~/components/ui/cn";
import { ConfirmProvider } from "~/components/ui/confirm-dialog";
import { countUnreadMessages } from "~/models/contact-message.server";
import { getSettings } from "~/models/settings.server";
import { requireAdmin } from "~/utils/auth.server";
import { useNonce } from "~/utils/nonce";
import { unlessNetworkFailure } from "~/utils/network-failure";
// Every class of the back office, over the public stylesheet of app/root.tsx.
import "~/admin.css";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [
  { title: "Administration" },
  { name: "robots", content: "noindex" },
];

// NOTE: this guard protects this loader's data only; each child route calls
// requireAdmin itself (app/routes/admin/guard.test.ts).
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const [general, unreadMessages] = await Promise.all([
    getSettings({ category: "general" }),
    countUnreadMessages(),
  ]);
  return { username: admin.username, siteName: general.siteName, unreadMessages };
}

/** A save that got no answer leaves the screen as it is (app/utils/network-failure.ts). */
export const shouldRevalidate = unlessNetworkFailure();

/**
 * sonner's rich colours, in the club's palette and at WCAG AA contrast (its own greens,
 * blues, oranges and reds on their pale backgrounds measure 3.1 to 4.4:1). Set inline on
 * the toaster, so they win over the variables sonner's stylesheet sets on it.
 */
const TOAST_COLORS = {
  "--success-bg": "#f0fdfa",
  "--success-border": "#5ecfcb",
  "--success-text": "#115e59",
  "--info-bg": "#ffffff",
  "--info-border": "#5ecfcb",
  "--info-text": "#111827",
  "--warning-bg": "#fdf6e3",
  "--warning-border": "#d4af37",
  "--warning-text": "#6b4f0a",
  "--error-bg": "#fef2f2",
  "--error-border": "#fca5a5",
  "--error-text": "#991b1b",
} as CSSProperties;

/** localStorage key of the desktop sidebar's state: "collapsed" or absent. */
export const SIDEBAR_STORAGE_KEY = "admin-sidebar";

// Runs before the first paint so that a collapsed sidebar never flashes open: it marks
// the shell, whose classes follow data-collapsed; React's state catches up on hydration.
const SIDEBAR_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(SIDEBAR_STORAGE_KEY)})==="collapsed")document.currentScript.parentElement.dataset.collapsed="true"}catch(e){}`;

const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal";

function NavLinks({ collapsible = false }: { collapsible?: boolean }) {
  const { pathname } = useLocation();
  const unreadMessages =
    useRouteLoaderData<typeof loader>("routes/admin/layout")?.unreadMessages ?? 0;
  return (
    <ul className="flex flex-col gap-1">
      {ADMIN_NAV.map(({ label, to, icon: Icon }) => {
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

function AccountLinks({
  username,
  collapsible = false,
}: {
  username: string;
  collapsible?: boolean;
}) {
  const hideWhenCollapsed = collapsible && "group-data-[collapsed=true]/shell:sr-only";
  const centerWhenCollapsed =
    collapsible &&
    "group-data-[collapsed=true]/shell:justify-center group-data-[collapsed=true]/shell:px-0";
  return (
    <div className="flex flex-col gap-1 border-t border-white/15 pt-3">
      <p
        className={cn(
          "flex min-h-10 items-center gap-3 px-3 text-sm text-gray-300",
          centerWhenCollapsed,
        )}
        title={collapsible ? `Connecté : ${username}` : undefined}
      >
        <UserRound aria-hidden="true" className="size-5 shrink-0" />
        <span className={cn("truncate", hideWhenCollapsed)}>
          Connecté : <span className="font-semibold text-white">{username}</span>
        </span>
      </p>
      <a
        href="/"
        target="_blank"
        rel="noreferrer"
        title={collapsible ? "Voir le site (nouvel onglet)" : undefined}
        className={cn(
          "flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm font-semibold text-gray-200 hover:bg-white/10 hover:text-white",
          focusRing,
          centerWhenCollapsed,
        )}
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
          className={cn(
            "flex min-h-10 w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-semibold text-gray-200 hover:bg-white/10 hover:text-white",
            focusRing,
            centerWhenCollapsed,
          )}
        >
          <LogOut aria-hidden="true" className="size-5 shrink-0" />
          <span className={cn("truncate", hideWhenCollapsed)}>Se déconnecter</span>
        </button>
      </Form>
    </div>
  );
}

function Brand({ siteName, collapsible = false }: { siteName?: string; collapsible?: boolean }) {
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

function DesktopSidebar({
  siteName,
  username,
  collapsed,
  onToggle,
}: {
  siteName: string;
  username: string;
  collapsed: boolean;
  onToggle: () => void;
}) {
  return (
    <aside
      aria-label="Menu d'administration"
      className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col gap-4 overflow-y-auto bg-ink px-3 py-4 text-white transition-[width] duration-200 group-data-[collapsed=true]/shell:w-16 group-data-[collapsed=true]/shell:px-2 md:flex"
    >
      <div className="flex items-center justify-between gap-2 group-data-[collapsed=true]/shell:flex-col">
        <Brand siteName={siteName} collapsible />
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={!collapsed}
          aria-controls="admin-sidebar-nav"
          title={collapsed ? "Agrandir le menu" : "Réduire le menu"}
          className={cn(
            "inline-flex size-9 shrink-0 items-center justify-center rounded-md text-gray-200 hover:bg-white/10 hover:text-white",
            focusRing,
          )}
        >
          {collapsed ? (
            <PanelLeftOpen aria-hidden="true" className="size-5" />
          ) : (
            <PanelLeftClose aria-hidden="true" className="size-5" />
          )}
          <span className="sr-only">Menu latéral</span>
        </button>
      </div>
      <nav id="admin-sidebar-nav" aria-label="Administration" className="flex-1">
        <NavLinks collapsible />
      </nav>
      <AccountLinks username={username} collapsible />
    </aside>
  );
}

function MobileBar({ siteName, username }: { siteName: string; username: string }) {
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
              <NavLinks />
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

function SkipLink() {
  return (
    <a
      href="#contenu"
      className="sr-only z-[60] rounded-md bg-white px-4 py-2 font-semibold text-ink shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Aller au contenu
    </a>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { username, siteName } = loaderData;
  const nonce = useNonce();
  const [collapsed, setCollapsed] = useState(false);
  const [ready, setReady] = useState(false);

  // The server cannot know the stored state: read it once hydrated.
  useEffect(() => {
    try {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing with localStorage
      setCollapsed(localStorage.getItem(SIDEBAR_STORAGE_KEY) === "collapsed");
    } catch {
      // Storage refused (private mode): the sidebar stays open.
    }
    setReady(true);
  }, []);

  function toggle() {
    const next = !collapsed;
    setCollapsed(next);
    try {
      if (next) localStorage.setItem(SIDEBAR_STORAGE_KEY, "collapsed");
      else localStorage.removeItem(SIDEBAR_STORAGE_KEY);
    } catch {
      // Not kept across reloads; nothing else to do.
    }
  }

  return (
    <div
      data-collapsed={collapsed ? "true" : undefined}
      // Marks the shell as hydrated (its buttons answer): the e2e tests wait for it.
      data-shell-ready={ready ? "" : undefined}
      suppressHydrationWarning
      className="group/shell min-h-screen bg-gray-50 md:flex"
    >
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: SIDEBAR_SCRIPT }}
      />
      <SkipLink />
      <MobileBar siteName={siteName} username={username} />
      <DesktopSidebar
        siteName={siteName}
        username={username}
        collapsed={collapsed}
        onToggle={toggle}
      />
      <ConfirmProvider>
        <main id="contenu" tabIndex={-1} className="min-w-0 flex-1 outline-none">
          <div className="mx-auto max-w-6xl px-4 py-6 md:px-8 md:py-8">
            <Outlet />
          </div>
        </main>
      </ConfirmProvider>
      <Toaster
        // Top centre: clear of a dialog's × (top right) and of its footer and the sticky
        // save bars (bottom); see TOAST_COLORS for the colours.
        position="top-center"
        visibleToasts={3}
        duration={4000}
        richColors
        style={TOAST_COLORS}
        closeButton
        customAriaLabel="Notifications (Alt+T)"
        toastOptions={{ closeButtonAriaLabel: "Fermer la notification" }}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const expired = isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="bg-ink text-white">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-3">
          <Link to="/admin/dashboard" className={cn("rounded font-display text-lg", focusRing)}>
            Administration
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-12 text-center">
        <h1 className="text-2xl font-bold text-ink">
          {expired ? "Session expirée" : "Une erreur est survenue"}
        </h1>
        <p className="mt-2 text-gray-700">
          {expired
            ? "Reconnectez-vous pour continuer : rien n'a été enregistré."
            : "Réessayez dans un instant."}
        </p>
        <Link
          to={expired ? "/admin/login" : "/admin/dashboard"}
          className="mt-4 inline-block font-semibold text-teal-dark underline"
        >
          {expired ? "Se connecter" : "Retour au tableau de bord"}
        </Link>
      </main>
    </div>
  );
}
