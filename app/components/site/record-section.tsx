import type { CSSProperties, ReactNode } from "react";
import { ButtonLink, type ButtonVariant } from "~/components/site/button-link";
import { CheckList } from "~/components/site/check-list";
import { Section, type SectionTone } from "~/components/site/section";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { ImageVariant } from "~/storage/variants.server";

/*
 * A discipline on /disciplines or a training format on /entrainements: one section each,
 * the picture on alternate sides from 768 px, the text beside it ending on the contact
 * button.
 */

const BUTTON_BY_TONE: Record<SectionTone, ButtonVariant> = {
  light: "dark",
  dark: "gold",
  gold: "dark",
};

export function RecordSection({
  id,
  tone,
  style,
  index,
  image,
  variants,
  alt,
  children,
}: {
  id: string;
  tone: SectionTone;
  style?: CSSProperties;
  /** Its place on the page: odd ones have their picture on the right. */
  index: number;
  image: string;
  variants?: ImageVariant[];
  alt: string;
  children: ReactNode;
}) {
  return (
    <Section id={id} tone={tone} style={style}>
      <div className="grid items-center gap-10 md:grid-cols-2 md:gap-14">
        <div className={`relative ${index % 2 === 1 ? "md:order-last" : ""}`}>
          <ResponsiveImage
            src={image}
            variants={variants}
            alt={alt}
            sizes="(min-width: 1152px) 520px, (min-width: 768px) 45vw, 100vw"
            priority={index === 0}
            className="aspect-[4/3] w-full rounded-3xl object-cover shadow-2xl"
          />
        </div>
        <div>{children}</div>
      </div>
    </Section>
  );
}

/** The end of a record's text: its details, its conclusion and its button. */
export function RecordClosing({
  details,
  conclusion,
  tone,
  markClassName,
  cardClassName,
  buttonText,
  to = "/contact",
}: {
  details: string[];
  conclusion: string;
  tone: SectionTone;
  markClassName: string;
  cardClassName: string;
  buttonText: string;
  /** Where the button leads: /contact, or the trial booking for a discipline. */
  to?: string;
}) {
  return (
    <>
      <CheckList items={details} markClassName={markClassName} className="mt-6" />
      {conclusion && (
        <p className={`mt-6 rounded-xl p-4 font-medium ${cardClassName}`}>{conclusion}</p>
      )}
      <ButtonLink to={to} variant={BUTTON_BY_TONE[tone]} className="mt-8 w-full sm:w-auto">
        {buttonText}
      </ButtonLink>
    </>
  );
}
