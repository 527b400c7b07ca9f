import { recordTexts } from "~/domains/content/record-texts";
import { Backpack, Dumbbell } from "lucide-react";
import { ButtonLink } from "~/components/site/button-link";
import { CheckList } from "~/components/site/check-list";
import { FormatIcon } from "~/components/site/format-icon";
import { PageHero } from "~/components/site/page-hero";
import { RecordClosing, RecordSection } from "~/components/site/record-section";
import { Section, TONES, type SectionTone } from "~/components/site/section";
import { getPageContent } from "~/domains/content/content.server";
import { getImageVariants } from "~/storage/variants.server";
import { getPublicTrainingFormats } from "~/domains/content/training-format.server";
import { contentHeroMeta } from "~/utils/seo";
import type { Route } from "./+types/training";

export async function loader() {
  const [content, formats] = await Promise.all([
    getPageContent({ category: "training" }),
    getPublicTrainingFormats(),
  ]);
  const variants = await getImageVariants({ urls: formats.map((f) => f.image) });
  return {
    content,
    formats: formats.map((f) => ({
      id: f.id,
      ...recordTexts(f),
      icon: f.icon_name,
      tone: f.color,
    })),
    variants,
  };
}

export const meta: Route.MetaFunction = contentHeroMeta(
  "Nos formats d'entraînement",
  "/entrainements",
  (data) => data.formats[0]?.image,
);

const ICON_BOX_BY_TONE: Record<SectionTone, string> = {
  light: "bg-ink text-teal",
  dark: "bg-teal text-ink",
  gold: "bg-ink text-gold",
};

export default function Training({ loaderData }: Route.ComponentProps) {
  const { content, formats, variants } = loaderData;
  const { freeTrial } = content;
  return (
    <>
      <PageHero
        title={content.hero.title}
        subtitle={content.hero.subtitle}
        image={formats[0]?.image}
        variants={formats[0] && variants[formats[0].image]}
      />

      {formats.length === 0 ? (
        <section className="bg-white px-4 py-20 text-center">
          <Dumbbell aria-hidden="true" className="mx-auto size-12 text-teal-dark" />
          <h2 className="mt-4 text-3xl uppercase">Aucun format disponible</h2>
          <p className="mt-3 text-gray-700">
            Aucun format d&apos;entraînement n&apos;est actuellement configuré.
          </p>
        </section>
      ) : (
        formats.map((format, index) => {
          const tone = TONES[format.tone];
          return (
            <RecordSection
              key={format.id}
              id={`format-${format.id}`}
              tone={format.tone}
              index={index}
              image={format.image}
              variants={variants[format.image]}
              alt={format.title}
            >
              <span
                className={`flex size-14 items-center justify-center rounded-xl ${ICON_BOX_BY_TONE[format.tone]}`}
              >
                <FormatIcon name={format.icon} />
              </span>
              <h2 className="mt-5 text-3xl uppercase leading-tight md:text-5xl">{format.title}</h2>
              {format.subtitle && (
                <p className={`mt-2 text-lg font-semibold ${tone.subtitle}`}>{format.subtitle}</p>
              )}
              <p className="mt-5 leading-relaxed">{format.description}</p>
              <RecordClosing
                details={format.details}
                conclusion={format.conclusion}
                tone={format.tone}
                markClassName={tone.mark}
                cardClassName={tone.card}
                buttonText={content.section.contactButtonText}
              />
            </RecordSection>
          );
        })
      )}

      <Section
        id="cours-essai"
        tone="dark"
        title={freeTrial.title}
        subtitle={freeTrial.text}
        className="border-t-4 border-gold"
      >
        <div className="mx-auto max-w-3xl rounded-3xl bg-white p-8 text-ink shadow-2xl md:p-10">
          <h3 className="flex items-center gap-3 text-2xl uppercase">
            <Backpack aria-hidden="true" className="size-7 text-teal-dark" />
            {freeTrial.bringTitle}
          </h3>
          <CheckList
            items={freeTrial.bring}
            className="mt-6 sm:grid sm:grid-cols-2 sm:gap-x-8 sm:gap-y-3 sm:space-y-0"
          />
          <div className="mt-8 text-center">
            <ButtonLink to="/essai" variant="gold">
              {freeTrial.buttonText}
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
