import type { Selectable, SelectQueryBuilder } from "kysely";
import { getDb } from "~/db/client.server";
import type { ContactMessagesTable, Database } from "~/db/schema";
import type { MessageFolder, MessageSummary } from "./contact-message.server";
import { countsBy, pageAt, pageOf, whereSearch, type ListPage } from "../../utils/list-page.server";

/*
 * The contact messages as /admin/messages lists them (the back office's one list pattern,
 * list-page.server.ts): a folder's page, the folders' counts, the message opened.
 */

const SUMMARY_COLUMNS = [
  "id",
  "name",
  "email",
  "phone",
  "subject",
  "message",
  "folder",
  "spam_reason",
  "read_at",
  "replied_at",
  "created_at",
] as const;

type SummaryRow = Pick<Selectable<ContactMessagesTable>, (typeof SUMMARY_COLUMNS)[number]>;

function toSummary(row: SummaryRow): MessageSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    folder: row.folder as MessageFolder,
    spamReason: row.spam_reason,
    read: row.read_at !== null,
    repliedAt: row.replied_at,
    createdAt: row.created_at,
  };
}

/** What the list shows of a message's text; the opened message has it whole (getMessage). */
const EXCERPT_LENGTH = 160;
export const MESSAGES_PER_PAGE = 25;

/**
 * A folder's page (none for the sent mails' tab), unread first then newest, and every
 * folder's count; `search` matches name, e-mail, subject or text. Each row carries the
 * start of its text only. Without a search, indexes answer; with one, every message's
 * text is read once (not once per count): the matching ids come in the list's order,
 * then the page's rows are read by id.
 */
export async function listMessages({
  folder,
  search = "",
  page = 1,
}: {
  folder: MessageFolder | null;
  search?: string;
  page?: number;
}): Promise<{ list: ListPage<MessageSummary> | null; counts: Map<string, number> }> {
  const db = getDb();
  const folderRows = (query: SelectQueryBuilder<Database, "contact_messages", object>) =>
    inOrder(query.select(SUMMARY_COLUMNS));
  if (!search) {
    const [list, counts] = await Promise.all([
      folder
        ? pageOf(folderRows(db.selectFrom("contact_messages").where("folder", "=", folder)), {
            page,
            perPage: MESSAGES_PER_PAGE,
          })
        : null,
      countsBy(db.selectFrom("contact_messages"), "folder"),
    ]);
    return { list: list && { ...list, rows: list.rows.map(toListed) }, counts };
  }
  const matches = await inOrder(searchMessages(search).select(["id", "folder"])).execute();
  const counts = new Map<string, number>();
  for (const match of matches) counts.set(match.folder, (counts.get(match.folder) ?? 0) + 1);
  if (!folder) return { list: null, counts };
  const ids = matches.filter((match) => match.folder === folder).map((match) => match.id);
  const at = pageAt(ids.length, { page, perPage: MESSAGES_PER_PAGE });
  const onPage = ids.slice(at.offset, at.offset + MESSAGES_PER_PAGE);
  const rows =
    onPage.length === 0
      ? []
      : await folderRows(db.selectFrom("contact_messages").where("id", "in", onPage)).execute();
  return {
    list: { rows: rows.map(toListed), total: ids.length, page: at.page, pages: at.pages },
    counts,
  };
}

/** The list's order: unread first, then newest (migration 011's index). */
function inOrder<O>(query: SelectQueryBuilder<Database, "contact_messages", O>) {
  return query
    .orderBy((eb) => eb.case().when("read_at", "is", null).then(0).else(1).end())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
}

function toListed(row: SummaryRow): MessageSummary {
  return toSummary({ ...row, message: excerpt(row.message) });
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}…` : flat;
}

function searchMessages(search: string) {
  return whereSearch(
    getDb().selectFrom("contact_messages"),
    ["name", "email", "subject", "message"],
    search,
  );
}

/** One message whole, whatever its folder: the one opened beside the list. */
export async function getMessage({ id }: { id: number }): Promise<MessageSummary | null> {
  const row = await getDb()
    .selectFrom("contact_messages")
    .select(SUMMARY_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toSummary(row) : null;
}
