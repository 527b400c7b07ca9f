import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { NavLink, useLocation } from "react-router";

export interface NavEntry {
  label: string;
  path: string;
}

/**
 * The "Infos" disclosure of the top bar (spec §2, delays of §9), rendered closed. The site
 * script (site-script.ts) opens it on hover after 200 ms, at once when the pointer comes
 * back within 300 ms of a close, closes it 150 ms after the pointer leaves; a click or
 * Enter toggles it, Escape closes it and gives the focus back to its button, the arrow
 * keys move between its links. Without the script (until it marks <html data-enhanced>),
 * the pointer over it or the focus inside it shows the panel: its links stay reachable.
 */
export function InfosMenu({ label, items }: { label: string; items: NavEntry[] }) {
  const location = useLocation();
  const panelId = useId();
  const current = items.some(
    (item) => location.pathname === item.path || location.pathname.startsWith(`${item.path}/`),
  );

  return (
    <div className="relative" data-infos-menu="">
      <button
        type="button"
        aria-expanded="false"
        aria-controls={panelId}
        className={`flex items-center gap-1 rounded-md px-2.5 py-2 text-sm font-semibold transition-colors hover:text-teal focus-light lg:px-3 ${
          current ? "text-teal" : "text-white"
        }`}
      >
        {label}
        <ChevronDown aria-hidden="true" className="size-4 transition-transform duration-200" />
      </button>
      {/* NOTE: the script toggles "hidden" here and "rotate-180" on the chevron. */}
      <div className="absolute right-0 top-full hidden pt-2 [html:not([data-enhanced])_[data-infos-menu]:is(:hover,:focus-within)>&]:block">
        <ul
          id={panelId}
          className="w-60 overflow-hidden rounded-xl bg-white py-2 text-ink shadow-2xl ring-1 ring-ink/10"
        >
          {items.map((item) => (
            <li key={item.path}>
              <NavLink
                to={item.path}
                className={({ isActive }) =>
                  `block border-l-4 px-4 py-2.5 text-sm font-medium transition-colors hover:bg-teal-light focus-visible:bg-teal-light ${
                    isActive
                      ? "border-teal-dark bg-teal-light/60 text-teal-dark"
                      : "border-transparent"
                  }`
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
