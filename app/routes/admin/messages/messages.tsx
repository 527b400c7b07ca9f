import { useSearchParams } from "react-router";
import { ListResults } from "~/components/admin/list/list-results";
import { ListPageResults } from "~/components/admin/list/list-page-results";
import { FilterLinks, ListSearch } from "~/components/admin/list/list-toolbar";
import { useRowsToast } from "~/components/admin/forms/use-action-toast";
import { MESSAGE_ACTIONS, MessageDetail } from "~/components/admin/messages/message-detail";
import { MessageList } from "~/components/admin/messages/message-list";
import { MessagePanes } from "~/components/admin/messages/message-panes";
import { OutboxMailDetail } from "~/components/admin/messages/outbox-mail-detail";
import { OutboxTable } from "~/components/admin/messages/outbox-table";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { countLabel, readPage, readSearch, SEARCH_PARAM } from "~/utils/list-params";
import { getOutboxMail, pageOutbox } from "~/domains/mail/outbox.server";
import { getMessage, listMessages } from "~/domains/messages/contact-message-list.server";
import { getMessageReplies } from "~/domains/messages/contact-message-reply.server";
import { countUnreadMessages, SPAM_KEEP_DAYS } from "~/domains/messages/contact-message.server";
import { getAllSettings } from "~/domains/content/settings.server";
import { positiveId } from "~/core/form";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { can } from "~/domains/volunteers/capabilities";
import { mailKindsFor, SENT_MAIL_CAPABILITIES } from "~/domains/mail/kinds";
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

/**
 * The contact messages for those who answer them (capability "messages"); the sent mails
 * for every role, each reading only the kinds of its own work (app/domains/mail/kinds.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { roles } = await requireCapability(request, ["messages", ...SENT_MAIL_CAPABILITIES]);
  const readsMessages = can(roles, "messages");
  const kinds = mailKindsFor(roles);
  const params = new URL(request.url).searchParams;
  const tabs = readsMessages ? TABS : TABS.filter((t) => t.folder === null);
  const tab = tabs.find((t) => t.value === params.get("dossier")) ?? tabs[0]!;
  const search = readSearch(params);
  const page = readPage(params);
  const selectedId = tab.folder ? positiveId(params.get("id")) : null;
  const mailId = tab.folder ? null : positiveId(params.get("mail"));
  const [{ list: messages, counts }, outbox, unread, selected, replies, mail, settings] =
    await Promise.all([
      readsMessages
        ? listMessages({ folder: tab.folder, search, page })
        : { list: null, counts: new Map<string, number>() },
      tab.folder ? null : pageOutbox({ page, search, kinds }),
      readsMessages ? countUnreadMessages() : 0,
      selectedId ? getMessage({ id: selectedId }) : null,
      selectedId ? getMessageReplies({ messageId: selectedId }) : [],
      mailId ? getOutboxMail({ id: mailId, kinds }) : null,
      selectedId ? getAllSettings() : null,
    ]);
  return {
    tabs: tabs.map((t) => t.value),
    tab: tab.value,
    messages,
    outbox,
    counts: Object.fromEntries(counts),
    unread,
    selected,
    replies,
    mail,
    clubEmail: settings?.general.email ?? "",
    spamDays: SPAM_KEEP_DAYS,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return messagesAction(request, context);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

export default function Messages({ loaderData }: Route.ComponentProps) {
  const {
    tabs,
    tab,
    messages,
    outbox,
    counts,
    unread,
    selected,
    replies,
    mail,
    clubEmail,
    spamDays,
  } = loaderData;
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
          clear={["id", "mail"]}
          choices={TABS.filter((t) => tabs.includes(t.value)).map((t) => ({
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
        <MessagePanes
          param="mail"
          placeholder="Sélectionnez un e-mail pour voir son texte et son état"
          backLabel="Retour aux e-mails envoyés"
          opened={mail ? <OutboxMailDetail key={mail.id} mail={mail} /> : null}
          list={
            <ListResults
              page={outbox.page}
              pages={outbox.pages}
              summary={countLabel(outbox.total, "e-mail", "e-mails")}
            >
              <OutboxTable entries={outbox.rows} selectedId={mail?.id ?? null} />
            </ListResults>
          }
        />
      ) : messages ? (
        <MessagePanes
          param="id"
          placeholder="Sélectionnez un message pour le lire"
          backLabel="Retour aux messages"
          opened={
            selected ? (
              <MessageDetail
                key={selected.id}
                message={selected}
                replies={replies}
                clubEmail={clubEmail}
              />
            ) : null
          }
          list={
            <ListPageResults
              list={messages}
              summary={`${countLabel(messages.total, "message")}${tab === "reception" && unread > 0 && !searched ? ` · ${countLabel(unread, "non lu", "non lus")}` : ""}`}
              empty={
                <p className="rounded-lg bg-gray-50 p-6 text-center text-gray-700">
                  Aucun message.
                </p>
              }
            >
              <MessageList messages={messages.rows} selectedId={selected?.id ?? null} />
            </ListPageResults>
          }
        />
      ) : null}
    </>
  );
}
