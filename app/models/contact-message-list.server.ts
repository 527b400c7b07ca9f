import type { Selectable } from "kysely";
import { getDb } from "~/db/client.server";
import type { ContactMessagesTable } from "~/db/schema";
import type { MessageFolder, MessageSummary } from "./contact-message.server";
import { countsBy, pageOf, whereSearch, type ListPage } from "./list-page.server";

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
    createdAt: row.created_at,
  };
}

/** What the list shows of a message's text; the opened message has it whole (getMessage). */
const EXCERPT_LENGTH = 160;
export const MESSAGES_PER_PAGE = 25;

/**
 * One page of a folder, unread first then newest; `search` matches name, e-mail, subject
 * or text. Each row carries the start of its text only.
 */
export async function listMessages({
  folder,
  search = "",
  page = 1,
}: {
  folder: MessageFolder;
  search?: string;
  page?: number;
}): Promise<ListPage<MessageSummary>> {
  const query = searchMessages(search)
    .select(SUMMARY_COLUMNS)
    .where("folder", "=", folder)
    .orderBy((eb) => eb.case().when("read_at", "is", null).then(0).else(1).end())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
  const list = await pageOf(query, { page, perPage: MESSAGES_PER_PAGE });
  return {
    ...list,
    rows: list.rows.map((row) => toSummary({ ...row, message: excerpt(row.message) })),
  };
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

/** How many messages each folder holds that match `search`: the folders' counts. */
export async function countMessagesByFolder({ search = "" }: { search?: string } = {}) {
  return countsBy(searchMessages(search), "folder");
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
