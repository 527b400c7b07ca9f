import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { useEffect, useState } from "react";
import { cn } from "~/components/ui/cn";
import type { AdminNavItem } from "./admin-nav";
import { AccountLinks, Brand, focusRing, NavLinks } from "./nav-links";

/** localStorage key of the desktop sidebar's state: "collapsed" or absent. */
const SIDEBAR_STORAGE_KEY = "admin-sidebar";

// Runs before the first paint so that a collapsed sidebar never flashes open: it marks
// the shell, whose classes follow data-collapsed; React's state catches up on hydration.
export const SIDEBAR_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(SIDEBAR_STORAGE_KEY)})==="collapsed")document.currentScript.parentElement.dataset.collapsed="true"}catch(e){}`;

/**
 * The sidebar's collapsed state, kept in localStorage. `ready` turns true once hydrated
 * (the shell's buttons then answer).
 */
export function useSidebarState() {
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

  return { collapsed, ready, toggle };
}

/** The sidebar from 768 px, collapsible to its icons. */
export function DesktopSidebar({
  siteName,
  username,
  nav,
  unreadMessages,
  collapsed,
  onToggle,
}: {
  siteName: string;
  username: string;
  nav: readonly AdminNavItem[];
  unreadMessages: number;
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
        <NavLinks items={nav} unreadMessages={unreadMessages} collapsible />
      </nav>
      <AccountLinks username={username} collapsible />
    </aside>
  );
}
