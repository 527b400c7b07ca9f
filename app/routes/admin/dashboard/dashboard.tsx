import {
  CalendarCheck,
  Dumbbell,
  KeyRound,
  Lightbulb,
  Mail,
  Medal,
  Ticket,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";
import { navFor, type AdminNavItem } from "~/components/admin/shell/admin-nav";
import { RecentChangesCard } from "~/components/admin/dashboard/recent-changes-card";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { buttonClasses } from "~/components/ui/button";
import { ComingSessions } from "~/components/admin/schedule/coming-sessions";
import { ClubTodoCard } from "~/components/admin/dashboard/club-todo-card";
import { DashboardCard } from "~/components/admin/dashboard/dashboard-card";
import { parisToday } from "~/core/club-time";
import { getClubTodo } from "~/domains/dashboard/club-todo.server";
import { recentChanges } from "~/domains/history/activity-log.server";
import {
  getBackupWarning,
  getComingSessions,
  getDashboardCounts,
} from "~/domains/dashboard/dashboard.server";
import { BackupWarningNote } from "~/components/admin/dashboard/backup-warning-note";
import { getSiteAddress } from "~/core/site-address.server";
import { ConfirmSiteAddress } from "~/components/admin/content/settings/settings-site-address";
import { AddEmailNote } from "~/components/admin/dashboard/add-email-note";
import { requireUser } from "~/domains/volunteers/auth.server";
import { can, canAny, type Capability } from "~/domains/volunteers/capabilities";
import { adminMeta } from "~/utils/admin-route";
import type { Route } from "./+types/dashboard";
import { journalRows } from "../history/journal.server";

/** Every volunteer's last shortcut: their own password, whatever their roles. */
const ACCOUNT_SHORTCUT: AdminNavItem = {
  label: "Changer le mot de passe",
  to: "/admin/settings/account",
  icon: KeyRound,
  hint: "Mon compte",
};

export const meta: Route.MetaFunction = () => adminMeta("Tableau de bord");

/*
 * The dashboard shows each volunteer what their roles may act on: its figures, the coming
 * sessions, the « À faire », the guide and the shortcuts; what a role may not see is not
 * even read. « Dernières modifications »: everyone's for the admin, one's own otherwise.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const volunteer = await requireUser(request);
  const { roles } = volunteer;
  const everyone = can(roles, "admin");
  return {
    counts: await getDashboardCounts(roles),
    sessions: can(roles, "schedule") ? await getComingSessions() : null,
    todo: await getClubTodo({ roles, email: volunteer.email }),
    recent: {
      everyone,
      rows: await journalRows(
        await recentChanges({ userId: everyone ? null : volunteer.userId }),
        roles,
      ),
    },
    guide: GUIDE.filter((step) => canAny(roles, step.capabilities)),
    // The shortcuts: the menu's screens of these roles (icons are drawn by the screen).
    roles,
    today: parisToday(),
    username: volunteer.username,
    // An admin confirms the club's address while neither PUBLIC_URL nor Paramètres sets it.
    unsetAddress: everyone ? await unsetSiteAddress() : null,
    // Without an e-mail, « Mot de passe oublié » cannot help (the first admin has none).
    noEmail: !volunteer.email,
    backupWarning: await getBackupWarning(roles),
  };
}

/** The localhost origin the links use while the club's address is not set, else null. */
async function unsetSiteAddress(): Promise<string | null> {
  const address = await getSiteAddress();
  return address.set ? null : address.origin;
}

interface StatCard {
  title: string;
  value: number | undefined;
  icon: LucideIcon;
}

/** The quick guide: where to go for the usual tasks, each for the roles that do it. */
const GUIDE: { title: string; text: string; to: string; capabilities: Capability[] }[] = [
  {
    title: "Modifier les textes du site",
    text: "Dans Contenu, choisissez l'onglet de la page, modifiez les textes ou les images puis sauvegardez.",
    to: "/admin/content",
    capabilities: ["content"],
  },
  {
    title: "Présenter les disciplines",
    text: "Dans Disciplines, ajoutez une discipline, changez son ordre, son image et ses couleurs.",
    to: "/admin/disciplines",
    capabilities: ["content"],
  },
  {
    title: "Mettre à jour le planning",
    text: "Dans Planning, créez les activités puis placez-les dans la grille de la semaine.",
    to: "/admin/schedule",
    capabilities: ["schedule"],
  },
  {
    title: "Publier un article",
    text: "Dans Blog, écrivez l'article, choisissez sa catégorie et publiez-le quand il est prêt.",
    to: "/admin/blog",
    capabilities: ["content"],
  },
  {
    title: "Changer le logo ou la vidéo d'accueil",
    text: "Dans Médias, onglets Logo et Vidéo d'accueil.",
    to: "/admin/media",
    capabilities: ["content"],
  },
  {
    title: "Suivre les séances d'essai",
    text: "Dans Essais, les réservations faites sur le site : places, liste d'attente, présences, export CSV.",
    to: "/admin/essais",
    capabilities: ["trials.view"],
  },
  {
    title: "Coordonnées, horaires et tarifs",
    text: "Dans Paramètres : adresse, horaires, réseaux sociaux et PDF des tarifs.",
    to: "/admin/settings",
    capabilities: ["content"],
  },
  {
    title: "Saisir les tarifs et les formulaires d'inscription",
    text: "Dans Tarifs, les prix de la saison ; dans Inscriptions, les formulaires à télécharger.",
    to: "/admin/tarifs",
    capabilities: ["registrations"],
  },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    counts,
    sessions,
    today,
    todo,
    recent,
    guide,
    roles,
    username,
    unsetAddress,
    noEmail,
    backupWarning,
  } = loaderData;
  const shortcuts = [
    ...navFor(roles).filter((item) => item.to !== "/admin/dashboard"),
    ACCOUNT_SHORTCUT,
  ];
  const all: StatCard[] = [
    {
      title: "Disciplines",
      value: counts.disciplines,
      icon: Medal,
    },
    {
      title: "Formats d'entraînement",
      value: counts.trainingFormats,
      icon: Dumbbell,
    },
    {
      title: "Événements",
      value: counts.events,
      icon: CalendarCheck,
    },
    { title: "Messages", value: counts.messages, icon: Mail },
    { title: "Essais cette semaine", value: counts.trialsThisWeek, icon: Ticket },
  ];
  // The figures these roles may see (the loader read no other).
  const cards = all.filter((card) => card.value !== undefined);

  return (
    <>
      <AdminPageHeader
        title="Tableau de bord"
        description={`Bonjour ${username}, bienvenue dans l'administration du site du club.`}
        actions={
          <a
            href="/"
            target="_blank"
            rel="noreferrer"
            className={buttonClasses({ variant: "secondary" })}
          >
            Voir le site<span className="sr-only"> (nouvel onglet)</span>
          </a>
        }
      />

      {unsetAddress ? <ConfirmSiteAddress localhost={unsetAddress} /> : null}
      {noEmail ? <AddEmailNote /> : null}

      {backupWarning ? <BackupWarningNote warning={backupWarning} /> : null}

      {cards.length > 0 ? (
        <section aria-labelledby="chiffres">
          <h2 id="chiffres" className="sr-only">
            Chiffres clés
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5">
            {cards.map(({ title, value, icon: Icon }) => (
              <li
                key={title}
                className="flex flex-col rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
              >
                <div className="flex items-start justify-between gap-3">
                  <h3 className="font-sans text-sm font-semibold tracking-normal text-gray-700">
                    {title}
                  </h3>
                  <span
                    aria-hidden="true"
                    className="hidden size-9 shrink-0 items-center justify-center rounded-md bg-teal-light text-teal-dark sm:flex"
                  >
                    <Icon className="size-5" />
                  </span>
                </div>
                <p className="mt-1 font-display text-4xl text-ink">{value}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {sessions ? <ComingSessions sessions={sessions} today={today} /> : null}

      <ClubTodoCard items={todo} />

      <RecentChangesCard rows={recent.rows} showWho={recent.everyone} />

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <DashboardCard
          id="guide"
          title="Guide rapide"
          icon={{ Icon: Lightbulb, color: "text-gold-dark" }}
        >
          <ol className="mt-4 flex flex-col gap-4">
            {guide.map((step, index) => (
              <li key={step.to} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-ink text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <Link
                    to={step.to}
                    className="font-semibold text-ink underline decoration-teal decoration-2 underline-offset-4 hover:text-teal-dark"
                  >
                    {step.title}
                  </Link>
                  <p className="mt-0.5 text-sm text-gray-700">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </DashboardCard>

        <DashboardCard id="acces-rapide" title="Accès rapide">
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {shortcuts.map(({ label, to, icon: Icon, hint }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex h-full items-center gap-3 rounded-md border border-gray-200 px-3 py-2.5 hover:border-teal-dark hover:bg-teal-light/50"
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />
                  <span className="flex min-w-0 flex-col">
                    <span className="font-semibold text-ink">{label}</span>
                    <span className="text-xs text-gray-600">{hint}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </DashboardCard>
      </div>
    </>
  );
}
