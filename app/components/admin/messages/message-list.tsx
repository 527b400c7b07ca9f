import { Link, useSearchParams } from "react-router";
import { cn } from "~/components/ui/cn";
import type { MessageSummary } from "~/domains/messages/contact-message.server";
import { formatMediumDateTime } from "~/core/date-format";
import { RepliedOn } from "./mail-state";

/** A folder's messages; each row opens its message beside the list (?id=). */
export function MessageList({
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
                {formatMediumDateTime(message.createdAt)}
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
            {message.repliedAt ? <RepliedOn at={message.repliedAt} small /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
