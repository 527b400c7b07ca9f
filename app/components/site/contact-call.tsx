import { ButtonLink } from "./button-link";
import { Section } from "./section";

/** A page's closing call on the dark band: a sentence and the gold button to /contact. */
export function ContactCall({
  text,
  buttonText,
  className,
}: {
  text: string;
  buttonText: string;
  className?: string;
}) {
  return (
    <Section tone="dark" className={className}>
      <div className="mx-auto max-w-3xl text-center">
        <p className="text-xl leading-relaxed md:text-2xl">{text}</p>
        <ButtonLink to="/contact" variant="gold" className="mt-8">
          {buttonText}
        </ButtonLink>
      </div>
    </Section>
  );
}
