import { Link, useSearchParams } from "react-router";
import { ListResults } from "~/components/admin/list/list-results";
import { FilterLinks, ListSearch } from "~/components/admin/list/list-toolbar";
import { useRowsToast } from "~/components/admin/forms/use-action-toast";
import {
  DATE_FORMAT,
  MESSAGE_ACTIONS,
  MessageDetail,
} from "~/components/admin/messages/message-detail";
import { OutboxTable } from "~/components/admin/messages/outbox-table";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { cn } from "~/components/ui/cn";
import { countLabel, readPage, readSearch, SEARCH_PARAM } from "~/content/list-params";
import { pageOutbox } from "~/mail/outbox.server";
import { getMessage, listMessages } from "~/models/contact-message-list.server";
import {
  countUnreadMessages,
  SPAM_KEEP_DAYS,
  type MessageSummary,
} from "~/models/contact-message.server";
import { positiveId } from "~/utils/forms";
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
  const params = new URL(request.url).searchParams;
  const tab = TABS.find((t) => t.value === params.get("dossier")) ?? TABS[0];
  const search = readSearch(params);
  const page = readPage(params);
  const selectedId = positiveId(params.get("id"));
  const [{ list: messages, counts }, outbox, unread, selected] = await Promise.all([
    listMessages({ folder: tab.folder, search, page }),
    tab.folder ? null : pageOutbox({ page, search }),
    countUnreadMessages(),
    selectedId && tab.folder ? getMessage({ id: selectedId }) : null,
  ]);
  return {
    tab: tab.value,
    messages,
    outbox,
    counts: Object.fromEntries(counts),
    unread,
    selected,
    spamDays: SPAM_KEEP_DAYS,
  };
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
  const { tab, messages, outbox, counts, unread, selected, spamDays } = loaderData;
  useRowsToast(MESSAGE_ACTIONS);
  const sent = tab === "envoyes";
  // The unread count is the inbox's whole: said only when the list is the whole inbox.
  const [params] = useSearchParams();
  const searched = Boolean(params.get(SEARCH_PARAM));
  return (
    <>
      <AdminPageHeader
        title="Messages"
        description="Les messages du formulaire de contact, et chaque e-mail envoyé par le site avec son état."
      >
        <FilterLinks
          name="dossier"
          label="Dossiers"
          current={tab}
          clear={["id"]}
          choices={TABS.map((t) => ({
            value: t.value,
            label: t.label,
            count: t.folder ? (counts[t.folder] ?? 0) : undefined,
          }))}
        />
      </AdminPageHeader>
      {tab === "spam" ? (
        <p className="mb-4 text-sm text-gray-700">
          Les messages jugés indésirables restent ici {spamDays} jours, sans e-mail envoyé, puis
          sont effacés. « Ce n'est pas un spam » remet un message dans la boîte de réception.
        </p>
      ) : null}
      <div className="mb-4">
        <ListSearch
          label={sent ? "Rechercher un e-mail envoyé" : "Rechercher un message"}
          placeholder={sent ? "Destinataire ou sujet" : "Nom, e-mail, sujet ou texte"}
        />
      </div>
      {outbox ? (
        <ListResults
          page={outbox.page}
          pages={outbox.pages}
          summary={countLabel(outbox.total, "e-mail", "e-mails")}
        >
          <OutboxTable entries={outbox.rows} />
        </ListResults>
      ) : messages ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ListResults
            page={messages.page}
            pages={messages.pages}
            summary={`${countLabel(messages.total, "message")}${tab === "reception" && unread > 0 && !searched ? ` · ${countLabel(unread, "non lu", "non lus")}` : ""}`}
            empty={
              messages.total > 0 ? undefined : (
                <p className="rounded-lg bg-gray-50 p-6 text-center text-gray-700">
                  Aucun message.
                </p>
              )
            }
          >
            <MessageList messages={messages.rows} selectedId={selected?.id ?? null} />
          </ListResults>
          {selected ? <MessageDetail key={selected.id} message={selected} /> : null}
        </div>
      ) : null}
    </>
  );
}
