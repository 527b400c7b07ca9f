import type { ReactNode } from "react";

/*
 * A part of a page named by its own heading: screen readers list it under that title
 * (aria-labelledby points at the heading's id, so the two cannot drift apart).
 */
export function LabelledSection({
  id,
  title,
  heading: Heading = "h2",
  className,
  titleClassName,
  children,
}: {
  id: string;
  title: ReactNode;
  heading?: "h2" | "h3";
  className: string;
  titleClassName: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
