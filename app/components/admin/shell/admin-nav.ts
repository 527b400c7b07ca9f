import {
  CalendarDays,
  ClipboardList,
  Dumbbell,
  Euro,
  Files,
  Images,
  Inbox,
  LayoutDashboard,
  ListTree,
  Medal,
  Newspaper,
  PencilLine,
  Settings,
  Ticket,
  type LucideIcon,
} from "lucide-react";

export interface AdminNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** One line for the dashboard's quick access. */
  hint: string;
}

/** The back office's screens, in the sidebar's order (spec §2 "Admin routes"). */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  {
    label: "Tableau de bord",
    to: "/admin/dashboard",
    icon: LayoutDashboard,
    hint: "Chiffres clés et guide",
  },
  { label: "Messages", to: "/admin/messages", icon: Inbox, hint: "Formulaire de contact, e-mails" },
  { label: "Essais", to: "/admin/essais", icon: Ticket, hint: "Séances d'essai réservées" },
  { label: "Contenu", to: "/admin/content", icon: PencilLine, hint: "Textes et images des pages" },
  { label: "Disciplines", to: "/admin/disciplines", icon: Medal, hint: "Boxe anglaise, cardio…" },
  {
    label: "Entraînements",
    to: "/admin/training",
    icon: Dumbbell,
    hint: "Formats d'entraînement",
  },
  { label: "Planning", to: "/admin/schedule", icon: CalendarDays, hint: "Créneaux de la semaine" },
  { label: "Tarifs", to: "/admin/tarifs", icon: Euro, hint: "Prix de la saison" },
  { label: "Blog", to: "/admin/blog", icon: Newspaper, hint: "Actualités et événements" },
  { label: "Médias", to: "/admin/media", icon: Images, hint: "Logo, vidéo et images" },
  {
    label: "Paramètres",
    to: "/admin/settings",
    icon: Settings,
    hint: "Coordonnées, horaires, réseaux",
  },
  { label: "Menu", to: "/admin/menu", icon: ListTree, hint: "Navigation du site" },
  { label: "Pages", to: "/admin/pages", icon: Files, hint: "Pages supplémentaires" },
  {
    label: "Inscriptions",
    to: "/admin/inscriptions",
    icon: ClipboardList,
    hint: "Formulaires à télécharger",
  },
];

/** Whether a nav entry is the current screen (the dashboard is also /admin). */
export function isActiveNav(to: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (to === "/admin/dashboard" && path === "/admin") return true;
  return path === to || path.startsWith(`${to}/`);
}
