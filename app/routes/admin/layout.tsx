import type { CSSProperties } from "react";
import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { Toaster } from "sonner";
import {
  DesktopSidebar,
  SIDEBAR_SCRIPT,
  useSidebarState,
} from "~/components/admin/shell/desktop-sidebar";
import { navFor } from "~/components/admin/shell/admin-nav";
import { MobileBar } from "~/components/admin/shell/mobile-bar";
import { focusRing } from "~/components/admin/shell/nav-links";
import { cn } from "~/components/ui/cn";
import { ConfirmProvider } from "~/components/ui/confirm-dialog";
import { countUnreadMessages } from "~/domains/messages/contact-message.server";
import { getSettings } from "~/domains/content/settings.server";
import { requireUser } from "~/domains/volunteers/auth.server";
import { can } from "~/domains/volunteers/capabilities";
import { useNonce } from "~/utils/nonce";
import { unlessNetworkFailure } from "~/utils/network-failure";
// Every class of the back office, over the public stylesheet of app/root.tsx.
import "~/admin.css";
import { adminMeta } from "~/utils/admin-route";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => adminMeta();

// NOTE: this guard protects this loader's data only; each child route calls its own
// (app/routes/admin/guard.test.ts). A volunteer who must enrol a second factor first gets
// the shell with Mon compte alone (requireUser's `enrolling`).
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { enrolling: true });
  const enrolling = user.pending === "enrol";
  const [general, unreadMessages] = await Promise.all([
    getSettings({ category: "general" }),
    !enrolling && can(user.roles, "messages") ? countUnreadMessages() : 0,
  ]);
  return {
    username: user.username,
    roles: enrolling ? [] : user.roles,
    siteName: general.siteName,
    unreadMessages,
  };
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
  const { username, roles, siteName, unreadMessages } = loaderData;
  // What the phone's bar and the desktop's sidebar both show.
  const bar = { siteName, username, nav: navFor(roles), unreadMessages };
  const nonce = useNonce();
  const { collapsed, ready, toggle } = useSidebarState();

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
      <MobileBar {...bar} />
      <DesktopSidebar {...bar} collapsed={collapsed} onToggle={toggle} />
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
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const expired = status === 401;
  const forbidden = status === 403;
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
          {expired ? "Session expirée" : forbidden ? "Accès refusé" : "Une erreur est survenue"}
        </h1>
        <p className="mt-2 text-gray-700">
          {expired
            ? "Reconnectez-vous pour continuer : rien n'a été enregistré."
            : forbidden
              ? "Votre rôle ne donne pas accès à cette page, et rien n'a été modifié. Si vous en avez besoin, demandez-le à un administrateur du club."
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
