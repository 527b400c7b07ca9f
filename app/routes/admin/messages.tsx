import { Link, Form, useSearchParams } from "react-router";
import { useRowsToast } from "~/components/admin/forms/use-action-toast";
import {
  DATE_FORMAT,
  MESSAGE_ACTIONS,
  MessageDetail,
} from "~/components/admin/messages/message-detail";
import { OutboxTable } from "~/components/admin/messages/outbox-table";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { cn } from "~/components/ui/cn";
import { listOutbox, type OutboxEntry } from "~/mail/outbox.server";
import {
  countUnreadMessages,
  listMessages,
  SPAM_KEEP_DAYS,
  type MessageFolder,
  type MessageSummary,
} from "~/models/contact-message.server";
import { requireAdmin } from "~/utils/auth.server";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import { adminMeta } from "~/utils/admin-route";
import type { Route } from "./+types/messages";
import { messagesAction } from "./messages.server";

export const meta: Route.MetaFunction = () => adminMeta("Messages");

/** The tabs, by their URL value (?dossier=). */
const TABS = [
  { value: "reception", label: "Boîte de réception", folder: "inbox" },
  { value: "archives", label: "Archives", folder: "archive" },
  { value: "spam", label: "Spam", folder: "spam" },
  { value: "envoyes", label: "E-mails envoyés", folder: null },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const tab = TABS.find((t) => t.value === url.searchParams.get("dossier")) ?? TABS[0];
  const search = url.searchParams.get("q") ?? "";
  const [messages, outbox, unread] = await Promise.all([
    tab.folder ? listMessages({ folder: tab.folder as MessageFolder, search }) : [],
    tab.folder ? ([] as OutboxEntry[]) : listOutbox(),
    countUnreadMessages(),
  ]);
  return { tab: tab.value, search, messages, outbox, unread, spamDays: SPAM_KEEP_DAYS };
}

export async function action({ request }: Route.ActionArgs) {
  return messagesAction(request);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

function MessageList({
  messages,
  selectedId,
}: {
  messages: MessageSummary[];
  selectedId: number | null;
}) {
  const [params] = useSearchParams();
  const hrefFor = (id: number) => {
    const next = new URLSearchParams(params);
    next.set("id", String(id));
    return `?${next}`;
  };
  if (messages.length === 0) {
    return <p className="rounded-lg bg-gray-50 p-6 text-center text-gray-700">Aucun message.</p>;
  }
  return (
    <ul
      aria-label="Messages"
      className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white"
    >
      {messages.map((message) => (
        <li key={message.id}>
          <Link
            to={hrefFor(message.id)}
            aria-current={message.id === selectedId ? "true" : undefined}
            className={cn(
              "block px-4 py-3 hover:bg-teal-light focus-visible:outline-2 focus-visible:outline-teal-dark",
              message.id === selectedId && "bg-teal-light",
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className={cn("truncate", !message.read && "font-bold")}>
                {!message.read ? <span className="sr-only">Non lu : </span> : null}
                {message.name}
              </span>
              <span className="shrink-0 text-xs text-gray-700">
                {DATE_FORMAT.format(new Date(message.createdAt))}
              </span>
            </span>
            <span
              className={cn(
                "block truncate text-sm",
                message.read ? "text-gray-700" : "font-semibold text-ink",
              )}
            >
              {message.subject} · {message.message}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { tab, search, messages, outbox, unread, spamDays } = loaderData;
  const [params] = useSearchParams();
  const selectedId = Number(params.get("id")) || null;
  const selected = messages.find((message) => message.id === selectedId) ?? null;
  useRowsToast(MESSAGE_ACTIONS);
  return (
    <>
      <AdminPageHeader
        title="Messages"
        description="Les messages du formulaire de contact, et chaque e-mail envoyé par le site avec son état."
      >
        <nav aria-label="Dossiers" className="flex flex-wrap gap-2">
          {TABS.map((t) => (
            <Link
              key={t.value}
              to={`?dossier=${t.value}`}
              aria-current={t.value === tab ? "page" : undefined}
              className={cn(
                "rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-gray-300",
                t.value === tab
                  ? "bg-ink text-white ring-ink"
                  : "bg-white text-ink hover:bg-teal-light",
              )}
            >
              {t.label}
              {t.value === "reception" && unread > 0 ? ` (${unread})` : ""}
            </Link>
          ))}
        </nav>
      </AdminPageHeader>
      {tab === "envoyes" ? (
        <OutboxTable entries={outbox} />
      ) : (
        <>
          {tab === "spam" ? (
            <p className="mb-4 text-sm text-gray-700">
              Les messages jugés indésirables restent ici {spamDays} jours, sans e-mail envoyé, puis
              sont effacés. « Ce n'est pas un spam » remet un message dans la boîte de réception.
            </p>
          ) : null}
          <Form method="get" role="search" className="mb-4 flex gap-2">
            <input type="hidden" name="dossier" value={tab} />
            <label htmlFor="message-search" className="sr-only">
              Rechercher un message
            </label>
            <input
              id="message-search"
              name="q"
              type="search"
              defaultValue={search}
              placeholder="Nom, e-mail, sujet ou texte"
              className="min-h-10 w-full max-w-md rounded-md border border-gray-300 px-3"
            />
            <button type="submit" className="rounded-md bg-teal-dark px-4 font-semibold text-white">
              Rechercher
            </button>
          </Form>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <MessageList messages={messages} selectedId={selectedId} />
            {selected ? <MessageDetail key={selected.id} message={selected} /> : null}
          </div>
        </>
      )}
    </>
  );
}
