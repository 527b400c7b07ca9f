import { Quote } from "lucide-react";
import { Section } from "~/components/site/section";

export interface Testimonial {
  quote: string;
  name: string;
  relation: string;
}

/**
 * « Ils en parlent »: parents' and members' words, as the club writes them in the content
 * editor (home/testimonials). On a phone the quotes scroll sideways (CSS scroll snapping,
 * no script), so the home stays short; the list can be focused to scroll it by keyboard.
 */
export function TestimonialsSection({
  title,
  subtitle,
  quotes,
}: {
  title: string;
  subtitle: string;
  quotes: Testimonial[];
}) {
  const shown = quotes.filter((item) => item.quote.trim() !== "");
  if (shown.length === 0) return null;
  return (
    <Section id="temoignages" tone="dark" title={title} subtitle={subtitle} subtitleFromTablet>
      <ul
        aria-label={title}
        tabIndex={0}
        className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 focus-visible:outline-2 focus-visible:outline-teal md:mx-0 md:grid md:grid-cols-3 md:gap-6 md:overflow-visible md:px-0"
      >
        {shown.map((item, index) => (
          <li key={index} className="w-[85%] shrink-0 snap-center md:w-auto">
            <figure className="flex h-full flex-col rounded-2xl bg-white/5 p-5 ring-1 ring-white/10 md:p-8">
              <Quote aria-hidden="true" className="size-6 fill-gold text-gold md:size-8" />
              <blockquote className="mt-3 flex-1 leading-relaxed text-gray-100 md:mt-4 md:text-lg">
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="mt-4 border-t border-white/10 pt-3 md:mt-6 md:pt-4">
                <span className="block font-display text-lg uppercase tracking-wide text-white">
                  {item.name}
                </span>
                {item.relation && <span className="block text-sm text-teal">{item.relation}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
