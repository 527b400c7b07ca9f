import type { ReactNode } from "react";

/**
 * One step of a public form's progress bar (/essai, /adhesion): the current one stands out
 * and says so to a screen reader; a step the visitor may go back to is a link.
 */
export function ProgressStep({
  number,
  here,
  href,
  children,
}: {
  number: number;
  here: boolean;
  href?: string;
  children: ReactNode;
}) {
  const content = (
    <>
      <span className="sr-only">{here ? "Étape en cours : " : `Étape ${number} : `}</span>
      <span aria-hidden="true">{number}. </span>
      {children}
    </>
  );
  return (
    <li
      aria-current={here ? "step" : undefined}
      className={
        here
          ? "rounded-full bg-ink px-3 py-1 font-semibold text-white"
          : "rounded-full bg-gray-100 px-3 py-1 text-gray-700"
      }
    >
      {href && !here ? (
        <a href={href} className="underline">
          {content}
        </a>
      ) : (
        content
      )}
    </li>
  );
}
