import {
  CalendarDays,
  ClipboardList,
  DatabaseBackup,
  Dumbbell,
  Euro,
  Files,
  History,
  IdCard,
  Images,
  Inbox,
  LayoutDashboard,
  ListTree,
  Medal,
  Newspaper,
  PencilLine,
  Settings,
  Ticket,
  Trash2,
  UsersRound,
  type LucideIcon,
} from "lucide-react";
import { canAny, type Capability, type Role } from "~/domains/volunteers/capabilities";
import { SENT_MAIL_CAPABILITIES } from "~/domains/mail/kinds";

export interface AdminNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** One line for the dashboard's quick access. */
  hint: string;
  /** What the screen needs (any of them); none: every volunteer. */
  capabilities?: readonly Capability[];
}

/** The back office's screens, in the sidebar's order (spec §2 "Admin routes"). */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  {
    label: "Tableau de bord",
    to: "/admin/dashboard",
    icon: LayoutDashboard,
    hint: "Chiffres clés et guide",
  },
  {
    label: "Messages",
    to: "/admin/messages",
    icon: Inbox,
    hint: "Formulaire de contact, e-mails",
    capabilities: ["messages", ...SENT_MAIL_CAPABILITIES],
  },
  {
    label: "Essais",
    to: "/admin/essais",
    icon: Ticket,
    hint: "Séances d'essai réservées",
    capabilities: ["trials.view"],
  },
  {
    label: "Adhésions",
    to: "/admin/adhesions",
    icon: IdCard,
    hint: "Dossiers, paiements, chèques",
    capabilities: ["registrations"],
  },
  {
    label: "Contenu",
    to: "/admin/content",
    icon: PencilLine,
    hint: "Textes et images des pages",
    capabilities: ["content"],
  },
  {
    label: "Disciplines",
    to: "/admin/disciplines",
    icon: Medal,
    hint: "Boxe anglaise, cardio…",
    capabilities: ["content"],
  },
  {
    label: "Entraînements",
    to: "/admin/training",
    icon: Dumbbell,
    hint: "Formats d'entraînement",
    capabilities: ["content"],
  },
  {
    label: "Planning",
    to: "/admin/schedule",
    icon: CalendarDays,
    hint: "Créneaux de la semaine",
    capabilities: ["schedule"],
  },
  {
    label: "Tarifs",
    to: "/admin/tarifs",
    icon: Euro,
    hint: "Prix de la saison",
    capabilities: ["registrations"],
  },
  {
    label: "Blog",
    to: "/admin/blog",
    icon: Newspaper,
    hint: "Actualités et événements",
    capabilities: ["content"],
  },
  {
    label: "Médias",
    to: "/admin/media",
    icon: Images,
    hint: "Logo, vidéo et images",
    capabilities: ["content"],
  },
  {
    label: "Paramètres",
    to: "/admin/settings",
    icon: Settings,
    hint: "Coordonnées, horaires, réseaux",
    capabilities: ["content"],
  },
  {
    label: "Menu",
    to: "/admin/menu",
    icon: ListTree,
    hint: "Navigation du site",
    capabilities: ["content"],
  },
  {
    label: "Pages",
    to: "/admin/pages",
    icon: Files,
    hint: "Pages supplémentaires",
    capabilities: ["content"],
  },
  {
    label: "Inscriptions",
    to: "/admin/inscriptions",
    icon: ClipboardList,
    hint: "Formulaires à télécharger",
    capabilities: ["registrations"],
  },
  {
    label: "Bénévoles",
    to: "/admin/benevoles",
    icon: UsersRound,
    hint: "Comptes, rôles et invitations",
    capabilities: ["admin"],
  },
  {
    label: "Corbeille",
    to: "/admin/corbeille",
    icon: Trash2,
    hint: "Éléments supprimés, 30 jours",
    capabilities: ["content", "schedule", "registrations"],
  },
  {
    label: "Sauvegardes",
    to: "/admin/sauvegardes",
    icon: DatabaseBackup,
    hint: "Copies du site, chaque nuit",
    capabilities: ["admin"],
  },
  {
    label: "Journal",
    to: "/admin/journal",
    icon: History,
    hint: "Qui a modifié quoi, et quand",
  },
];

/** The entries these roles may open (the server's guard decides; the menu only reflects it). */
export function navFor(roles: readonly Role[]): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => !item.capabilities || canAny(roles, item.capabilities));
}

/** Whether a nav entry is the current screen (the dashboard is also /admin). */
export function isActiveNav(to: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  // Mon compte lives under /admin/settings/ but is not a settings screen.
  if (to === "/admin/settings" && path.startsWith("/admin/settings/account")) return false;
  if (to === "/admin/dashboard" && path === "/admin") return true;
  return path === to || path.startsWith(`${to}/`);
}
