import { recordTexts } from "~/domains/content/record-texts";
import { Link } from "react-router";
import { PageHero } from "~/components/site/page-hero";
import { RecordClosing, RecordSection } from "~/components/site/record-section";
import { TONES } from "~/components/site/section";
import { DISCIPLINE_DEFAULTS } from "~/domains/content/defaults";
import { audienceOfText, audienceQuery } from "~/domains/trials/trial-audience";
import { getPageContent } from "~/domains/content/content.server";
import { getPublicDisciplines, type Discipline } from "~/domains/content/discipline.server";
import { getImageVariants } from "~/storage/variants.server";
import { heroPageMeta } from "~/utils/seo";
import type { Route } from "./+types/disciplines";

const COLOUR_FIELDS = ["background_color", "text_color", "title_color", "subtitle_color"] as const;

/** True when the admin chose a colour of its own; otherwise the legacy light/dark/gold applies. */
function hasCustomColours(discipline: Pick<Discipline, (typeof COLOUR_FIELDS)[number]>): boolean {
  return COLOUR_FIELDS.some(
    (field) => discipline[field].trim().toLowerCase() !== DISCIPLINE_DEFAULTS[field].toLowerCase(),
  );
}

export async function loader() {
  const [content, disciplines] = await Promise.all([
    getPageContent({ category: "disciplines" }),
    getPublicDisciplines(),
  ]);
  const variants = await getImageVariants({ urls: disciplines.map((d) => d.image) });
  return {
    content,
    disciplines: disciplines.map((d) => ({
      id: d.id,
      slug: d.slug,
      ...recordTexts(d),
      tone: d.color,
      // Its trial button opens /essai on the audience its title and subtitle name, if one.
      trialHref: `/essai${audienceQuery(audienceOfText(`${d.title} ${d.subtitle}`))}`,
      colours: hasCustomColours(d)
        ? {
            background: d.background_color,
            text: d.text_color,
            title: d.title_color,
            subtitle: d.subtitle_color,
          }
        : null,
    })),
    variants,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  heroPageMeta({
    matches,
    hero: data?.content.hero,
    fallbackTitle: "Nos disciplines",
    path: "/disciplines",
    image: data?.disciplines[0]?.image,
  });

export default function Disciplines({ loaderData }: Route.ComponentProps) {
  const { content, disciplines, variants } = loaderData;
  return (
    <>
      <PageHero
        title={content.hero.title}
        subtitle={content.hero.subtitle}
        image={disciplines[0]?.image}
        variants={disciplines[0] && variants[disciplines[0].image]}
      >
        {disciplines.length > 1 && (
          <nav aria-label="Aller à une discipline" className="mt-8">
            <ul className="flex flex-wrap justify-center gap-2">
              {disciplines.map((d) => (
                <li key={d.id}>
                  <Link
                    to={`#${d.slug}`}
                    className="inline-flex min-h-10 items-center rounded-full border border-white/25 px-4 text-sm font-semibold text-white transition-colors hover:border-teal hover:bg-teal hover:text-ink"
                  >
                    {d.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </PageHero>

      {disciplines.map((d, index) => {
        const tone = TONES[d.tone];
        const custom = d.colours;
        return (
          <RecordSection
            key={d.id}
            id={d.slug}
            tone={d.tone}
            style={custom ? { backgroundColor: custom.background, color: custom.text } : undefined}
            index={index}
            image={d.image}
            variants={variants[d.image]}
            alt={d.title}
          >
            {d.subtitle && (
              <p
                style={custom ? { color: custom.subtitle } : undefined}
                className={`text-sm font-bold uppercase tracking-[0.2em] ${custom ? "" : tone.subtitle}`}
              >
                {d.subtitle}
              </p>
            )}
            <h2
              id={`${d.slug}-titre`}
              style={custom ? { color: custom.title } : undefined}
              className="mt-3 text-3xl uppercase leading-tight md:text-5xl"
            >
              {d.title}
            </h2>
            <span
              aria-hidden="true"
              className={`mt-4 block h-1 w-14 rounded-full ${custom ? "bg-current" : tone.accent}`}
            />
            <p className="mt-6 leading-relaxed opacity-90">{d.description}</p>
            <RecordClosing
              details={d.details}
              conclusion={d.conclusion}
              tone={d.tone}
              markClassName={custom ? "" : tone.mark}
              cardClassName={custom ? "bg-black/5" : tone.card}
              buttonText={content.section.contactButtonText}
              to={d.trialHref}
            />
          </RecordSection>
        );
      })}
    </>
  );
}
