import { NavLink } from "react-router";
import { cn } from "~/components/ui/cn";

/*
 * The sub-menu of « Adhésions »: every membership screen of the back office
 * shows it under its title. Links, so each screen has its own address and works with the
 * browser's back button.
 */
export const MEMBERSHIP_TABS = [
  { to: "/admin/adhesions", label: "Dossiers", end: true },
  { to: "/admin/adhesions/cheques", label: "Chèques à déposer", end: false },
  { to: "/admin/adhesions/bilan", label: "Bilan et chiffres", end: false },
  { to: "/admin/adhesions/saisons", label: "Saisons et tarifs", end: false },
] as const;

export function MembershipTabs() {
  return (
    <nav aria-label="Adhésions">
      <ul className="flex max-w-full flex-wrap gap-1 rounded-lg border border-gray-200 bg-gray-100 p-1">
        {MEMBERSHIP_TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-9 items-center rounded-md px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-gray-700",
                  "hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-dark",
                  isActive && "bg-white text-ink shadow-sm",
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
