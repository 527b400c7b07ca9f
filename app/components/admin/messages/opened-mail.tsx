import type { ReactNode } from "react";

/** The pane of an opened mail, received or sent, named by its subject. */
export function OpenedMail({
  titleId,
  subject,
  children,
}: {
  titleId: string;
  subject: string;
  children: ReactNode;
}) {
  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-gray-200 bg-white p-5">
      <h2 id={titleId} className="text-xl font-bold break-words text-ink">
        {subject}
      </h2>
      {children}
    </article>
  );
}
